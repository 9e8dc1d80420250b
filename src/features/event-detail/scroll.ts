/**
 * In-page scrolling for the section nav and the call-to-action buttons. Called from event handlers
 * and effects only (it touches the document).
 */
import { layOutSkippedSections } from '../../ui/below-fold.ts';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls a section to the top, below the sticky header and section nav (the page's scroll padding):
 * smoothly, or at once for visitors who ask for reduced motion. Focus moves to the section without a
 * second jump, so keyboard and screen-reader users carry on from there.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  layOutSkippedSections();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
