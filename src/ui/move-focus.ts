/**
 * Lists whose rows move up and down by buttons: a row that moves is taken out of the page and put
 * back, which drops the focus from its button, and a button at an end of the list turns disabled.
 * Giving each move button an id lets the focus come back to it, or to the row's other move button.
 */

/** How long after a move the focus is kept on the row's buttons: the list may render the move late. */
const SETTLE_MS = 2000;

/** The id of a row's move button; `list` names the list, so that two lists on a page do not clash. */
export function moveButtonId(list: string, rowId: string, direction: -1 | 1): string {
  return `${list}-${rowId}-move-${direction === -1 ? 'up' : 'down'}`;
}

/**
 * After a row moved, focuses the button that moved it again, or the row's other move button once
 * that one is disabled (the row reached an end). On a busy device the list renders the move a few
 * frames later, which drops the focus again: until the list has settled, a focus that is nowhere is
 * put back, while one the user moved elsewhere is left alone.
 */
export function refocusMoveButton(list: string, rowId: string, direction: -1 | 1): void {
  const ids = [moveButtonId(list, rowId, direction), moveButtonId(list, rowId, direction === -1 ? 1 : -1)];
  const until = performance.now() + SETTLE_MS;
  const step = () => {
    const active = document.activeElement;
    const ours = active === null || active === document.body || ids.includes(active.id);
    if (!ours) return;
    const [same, other] = ids.map((id) => document.getElementById(id));
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    if (target && active !== target) target.focus();
    if (performance.now() < until) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
