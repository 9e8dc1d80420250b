/**
 * A slowly scrolling strip of the companies past attendees lead: their company logos, each once,
 * the list repeated three times (spec section 9) so that the strip loops without a gap. Only the
 * first copy is announced; the repeats are decoration. A logo that fails to load is dropped from
 * every copy. The motion stops for visitors who prefer reduced motion (the strip then wraps and
 * shows one copy) and can be paused by anyone (WCAG 2.2.2). The logos load once the strip comes
 * near the screen, all of them: lazy loading alone would fetch each only as it slides into view, and
 * the strip would scroll by with gaps.
 *
 * Until then each logo's place is an empty box of the logo's size (in the announced copy, the
 * company's name for screen readers), and the images are made only when the strip comes near, in a
 * transition. Images rendered lazy and switched to eager when near cost the browser a start of a
 * load each inside React's commit, which cannot yield: about a millisecond per image, 150 ms in one
 * task for the demo's 53 logos x 3 (bench/main-thread.ts's traced visit of /past-highlights). Made
 * in a transition, each image's load starts while React renders, in slices that yield, and the
 * commit only inserts them; the boxes keep the layout still.
 */
import { Pause, Play } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import type { LiveRead, PastAttendee } from '../../data/public-content.ts';
import { distinctLogos } from './paging.ts';
import { brokenImageProps } from '../../ui/broken-image.ts';

export const LOGO_STRIP_COPIES = 3;

// Keyframes cannot be written as utility classes; React hoists this into <head> once.
const STRIP_CSS = `
@keyframes past-logo-strip { from { transform: translateX(0); } to { transform: translateX(-${100 / LOGO_STRIP_COPIES}%); } }
.past-logo-strip { animation: past-logo-strip 45s linear infinite; }
.past-logo-strip[data-paused='true'], .past-logo-strip:hover { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  .past-logo-strip { animation: none; width: 100%; }
  .past-logo-strip > ul { flex-wrap: wrap; justify-content: center; width: 100%; }
  .past-logo-strip > ul[aria-hidden='true'], .past-logo-strip-toggle { display: none; }
}
`;

/**
 * True once the element has come within a screen's height of the viewport, and from then on; the
 * change renders in a transition. The element comes from a callback ref: the strip is first rendered
 * only once it has logos, which may be a later answer than the first.
 */
function useNearScreen(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      {
        rootMargin: '100% 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

export function AttendeeLogoStrip({ state }: { state: LiveRead<PastAttendee[]> }) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const [paused, setPaused] = useState(false);
  const [section, setSection] = useState<HTMLElement | null>(null);
  const near = useNearScreen(section);
  if (state.status === 'loading') return null;
  const logos = distinctLogos(state.data).filter((logo) => !broken.has(logo.url));
  if (logos.length === 0) return null;
  const hide = (url: string) => setBroken((current) => new Set(current).add(url));

  return (
    <section
      ref={setSection}
      aria-labelledby="attendee-companies-heading"
      className="below-fold border-y border-slate-200 bg-slate-50 py-10"
    >
      <style href="past-logo-strip" precedence="default">
        {STRIP_CSS}
      </style>
      <div className="mx-auto flex max-w-[1300px] items-center justify-between gap-4 px-4 sm:px-6">
        <h2 id="attendee-companies-heading" className="text-lg font-semibold text-slate-700">
          Leaders from these companies have joined us
        </h2>
        {/* The label says what a press does (as the hero video's button); no aria-pressed, which with
            a changing label would read 'Play logos, pressed' while the logos stand still. */}
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="past-logo-strip-toggle inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-ink hover:bg-slate-100"
        >
          {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
          {paused ? 'Play logos' : 'Pause logos'}
        </button>
      </div>
      <div className="mt-6 overflow-hidden">
        <div className="past-logo-strip flex w-max" data-paused={paused} data-testid="logo-strip">
          {Array.from({ length: LOGO_STRIP_COPIES }, (_, copy) => (
            <ul
              key={copy}
              className="flex shrink-0 items-center gap-12 pr-12"
              {...(copy > 0 ? { 'aria-hidden': true } : {})}
            >
              {logos.map((logo) => (
                <li key={logo.url} className="flex h-14 w-36 shrink-0 items-center justify-center">
                  {near ? (
                    <img
                      src={logo.url}
                      alt={copy === 0 ? logo.company : ''}
                      width={144}
                      height={56}
                      decoding="async"
                      {...brokenImageProps(() => hide(logo.url))}
                      className="max-h-14 w-auto max-w-36 object-contain"
                    />
                  ) : (
                    copy === 0 && <span className="sr-only">{logo.company}</span>
                  )}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
