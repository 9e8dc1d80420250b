/**
 * Sections marked `below-fold` (src/index.css) are laid out only when they come near the screen, and
 * stand at a placeholder height until then. A jump within the page needs their real heights first,
 * or it lands where its target would be if every section above were 640 px tall, and the content then
 * moves under it. This lays every such section out, for the rest of the page's life, before the jump.
 */
export function layOutSkippedSections(): void {
  document.documentElement.dataset.laidOut = '';
  // Reading a size makes the browser lay the page out now, before the caller measures or scrolls.
  void document.documentElement.scrollHeight;
}
