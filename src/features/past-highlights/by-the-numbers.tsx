/**
 * 'By the Numbers' (spec section 9's figures) over the embedded background video: muted, looping,
 * decorative. The video plays only while the section is on screen and the visitor has not asked for
 * reduced motion (checked in an effect, so the prerendered HTML is the same for everyone). Until
 * then, the poster shows and nothing is downloaded beyond it; starting a video's playback costs the
 * main thread, so a page that loads with the section below the fold does not pay for it while it
 * starts. The poster itself is given once the section is within a screen of the viewport: a video's
 * poster is fetched at once, at medium priority, wherever the video is, and on a phone it competed
 * with the page's own bytes before the first paint (Lighthouse counted it in the largest paint).
 * A loop longer than five seconds can be paused (WCAG 2.2.2), as the home page's hero can.
 */
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

export const HIGHLIGHT_FIGURES = [
  { value: '4+', label: 'years' },
  { value: '20+', label: 'editions' },
  { value: '600+', label: 'leaders' },
  { value: '50+', label: 'sponsors' },
] as const;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const HIGHLIGHTS_POSTER = '/media/hero-poster.webp';

function useMotionAwarePlayback() {
  const videoRef = useRef<HTMLVideoElement>(null);
  /** Whether motion is allowed (null until known), and whether the visitor paused the loop. */
  const [motion, setMotion] = useState<boolean | null>(null);
  const [paused, setPaused] = useState(false);
  const pausedByVisitor = useRef(false);
  const reapply = useRef<() => void>(() => undefined);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || typeof window.matchMedia !== 'function' || typeof IntersectionObserver !== 'function') {
      return undefined;
    }
    const query = window.matchMedia(REDUCED_MOTION);
    let onScreen = false;
    const apply = () => {
      setMotion(!query.matches);
      if (query.matches || !onScreen || pausedByVisitor.current) {
        video.pause();
        return;
      }
      video.preload = 'auto';
      // Autoplay of a muted video is allowed; a refusal (e.g. power saving) leaves the poster, which is fine.
      video.play().catch(() => undefined);
    };
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      apply();
    });
    observer.observe(video);
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        video.poster = HIGHLIGHTS_POSTER;
        near.disconnect();
      },
      { rootMargin: '100% 0px' },
    );
    near.observe(video);
    query.addEventListener('change', apply);
    reapply.current = apply;
    return () => {
      observer.disconnect();
      near.disconnect();
      query.removeEventListener('change', apply);
    };
  }, []);
  const togglePause = () => {
    pausedByVisitor.current = !pausedByVisitor.current;
    setPaused(pausedByVisitor.current);
    reapply.current();
  };
  return { videoRef, motion, paused, togglePause };
}

export function ByTheNumbers() {
  const { videoRef, motion, paused, togglePause } = useMotionAwarePlayback();
  return (
    <section
      aria-labelledby="by-the-numbers-heading"
      className="below-fold relative isolate overflow-hidden bg-ink text-white"
    >
      <video
        ref={videoRef}
        aria-hidden="true"
        tabIndex={-1}
        muted
        loop
        playsInline
        preload="none"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
        data-testid="highlights-video"
      >
        <source src="/media/hero.webm" type="video/webm" />
      </video>
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-ink/80" />
      <div className="mx-auto max-w-[1300px] px-4 py-20 sm:px-6">
        <h2 id="by-the-numbers-heading" className="text-3xl font-bold tracking-tight">
          By the Numbers
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-8 lg:grid-cols-4">
          {HIGHLIGHT_FIGURES.map((figure) => (
            <li key={figure.label} className="border-l-2 border-indigo-300 pl-4">
              <span className="block text-4xl font-bold sm:text-5xl">{figure.value}</span>{' '}
              <span className="block text-lg font-semibold text-slate-200">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
      {motion ? (
        <button
          type="button"
          onClick={togglePause}
          aria-label={paused ? 'Play background video' : 'Pause background video'}
          className="absolute right-4 bottom-4 inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
        >
          {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
        </button>
      ) : null}
    </section>
  );
}
