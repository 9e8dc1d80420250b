/**
 * Lists whose rows move up and down by buttons: a row that moves is taken out of the page and put
 * back, which drops the focus from its button, and a button at an end of the list turns disabled.
 * Giving each move button an id lets the focus come back to it, or to the row's other move button.
 */

/** The id of a row's move button; `list` names the list, so that two lists on a page do not clash. */
export function moveButtonId(list: string, rowId: string, direction: -1 | 1): string {
  return `${list}-${rowId}-move-${direction === -1 ? 'up' : 'down'}`;
}

/** After a row moved (on the next frame, once it is in its new place), focuses the button that moved it again. */
export function refocusMoveButton(list: string, rowId: string, direction: -1 | 1): void {
  requestAnimationFrame(() => {
    const same = document.getElementById(moveButtonId(list, rowId, direction));
    const other = document.getElementById(moveButtonId(list, rowId, direction === -1 ? 1 : -1));
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
  });
}
