/**
 * Which section the visitor is reading (spec section 2: "The active section follows scroll position
 * with a 200 px offset"): the last section whose top has passed a line 200 px below the top of the
 * viewport (the one nearest that line), or the first section when none has. Measured on scroll, at most once per animation frame.
 *
 * After a click in the nav the clicked section stays active while the smooth scroll runs (it would
 * otherwise light up every section on the way) and afterwards, even when the page is too short
 * to bring that section up to the line; the next scroll by the visitor measures again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: scroll-spy offset 200 px. */
export const SCROLL_SPY_OFFSET = 200;

/** How long the scroll must be quiet before a nav click stops holding the active section. */
const QUIET_MS = 150;
/** A click that scrolls nothing (the section is in place already) holds for this long. */
const NO_SCROLL_MS = 400;

export interface ScrollSpy {
  active: string | undefined;
  /** Marks a section active now and holds it until the scroll this click started has ended. */
  hold: (id: string) => void;
}

export function useScrollSpy(ids: readonly string[], offset = SCROLL_SPY_OFFSET): ScrollSpy {
  const [measured, setMeasured] = useState<string | undefined>(undefined);
  const held = useRef<{ timer: ReturnType<typeof setTimeout> } | null>(null);
  const key = ids.join(' ');

  useEffect(() => {
    const sections = key.split(' ').filter(Boolean);
    let frame = 0;
    const measure = () => {
      frame = 0;
      // By position, not list order: the nav lists sections in the spec's order, which is not
      // quite the page's ('Why Attend' cards sit inside 'Join the Leaders', above the agenda).
      let current = sections[0];
      let currentTop = -Infinity;
      for (const id of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top - offset <= 0 && top > currentTop) {
          current = id;
          currentTop = top;
        }
      }
      setMeasured(current);
    };
    const onScroll = () => {
      const hold = held.current;
      if (hold) {
        // The clicked section's scroll is still running: wait for it to go quiet.
        clearTimeout(hold.timer);
        hold.timer = setTimeout(() => {
          if (held.current === hold) held.current = null;
        }, QUIET_MS);
        return;
      }
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key, offset]);

  const hold = useCallback((id: string) => {
    if (held.current) clearTimeout(held.current.timer);
    const entry = {
      timer: setTimeout(() => {
        if (held.current === entry) held.current = null;
      }, NO_SCROLL_MS),
    };
    held.current = entry;
    setMeasured(id);
  }, []);

  return { active: measured && ids.includes(measured) ? measured : ids[0], hold };
}
