/**
 * Keeps the keyboard's place when what holds the focus leaves a container: a guest row that the
 * door's 'Not yet arrived' filter drops once its check-in is stored, an Undo that its own press
 * removes. The focus would fall to the page's body, where a screen reader says nothing and the next
 * Tab starts again from the top. Instead it goes to the same place in the container (the row now
 * there, or the last row), to the first control of that row, or else to the element `fallback`
 * selects, which also takes it when the container itself leaves.
 *
 * Only a focus that was inside the container and fell to nothing is moved: one the person moved
 * elsewhere, or dropped by tapping outside, is left alone.
 */
/** Where the keyboard starts in a form that opens. */
export const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), textarea, select';

const CONTROLS = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea';

/** A ref callback (React 19: it returns its clean-up) for the container whose rows are its children. */
export function keepFocusWithin(fallback: string): (root: HTMLElement | null) => (() => void) | void {
  const fallbackElement = () => document.querySelector<HTMLElement>(fallback);
  return (root) => {
    if (!root) return;
    let place: number | null = null;
    const rows = () => [...root.children] as HTMLElement[];
    const onFocusIn = (event: FocusEvent) => {
      const index = rows().findIndex((row) => row.contains(event.target as Node));
      place = index === -1 ? 0 : index;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) place = null;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) place = null;
    };
    const observer = new MutationObserver(() => {
      if (place === null || !focusLostNow()) return;
      const at = place;
      place = null;
      focusRowAt(rows(), at, fallback);
    });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPointerDown, true);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      // The container itself leaves (a list whose last row went): once the page is settled, the
      // fallback takes a focus that was inside it.
      if (place !== null) {
        queueMicrotask(() => {
          if (focusLostNow()) fallbackElement()?.focus();
        });
      }
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  };
}

/** A row of a list or a table, as the back office's lists make them. */
const ROW = 'li, tr';

/** Focuses the first control of the row at `index` (or the last row), else what `fallback` selects. */
function focusRowAt(rows: readonly HTMLElement[], index: number, fallback: string): void {
  const row = rows[Math.min(index, rows.length - 1)];
  (row?.querySelector<HTMLElement>(CONTROLS) ?? document.querySelector<HTMLElement>(fallback))?.focus();
}

function focusLostNow(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** How long a confirmed removal may take to leave the list (the list follows the local replica). */
const REMOVAL_WAIT_MS = 5_000;

/**
 * The place of the row that holds `control` (a Delete that asks first), taken before the question
 * opens. `keep` is called once the question has closed on a confirmed removal: when the row has gone,
 * then or within a few seconds, and the focus with it, the focus goes to the row now in its place
 * (its first control), the last row, or else to the element `fallback` selects. Returns true when it
 * moved the focus at once.
 */
export function placeOfRow(control: Element | null): { keep(fallback: string): boolean } | null {
  const row = control?.closest<HTMLElement>(ROW);
  const list = row?.parentElement;
  if (!row || !list) return null;
  const index = [...list.children].indexOf(row);
  const move = (fallback: string) =>
    focusRowAt(list.isConnected ? ([...list.children] as HTMLElement[]) : [], index, fallback);
  return {
    keep(fallback) {
      if (!row.isConnected) {
        move(fallback);
        return true;
      }
      const observer = new MutationObserver(() => {
        if (row.isConnected) return;
        stop();
        if (focusLostNow()) move(fallback);
      });
      const timer = setTimeout(() => stop(), REMOVAL_WAIT_MS);
      const stop = () => {
        observer.disconnect();
        clearTimeout(timer);
      };
      observer.observe(document.body, { childList: true, subtree: true });
      return false;
    },
  };
}
