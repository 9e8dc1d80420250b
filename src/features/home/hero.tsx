/**
 * The home page hero: a muted looping background video (our own, public/media) behind the heading.
 * The heading is plain text in the prerendered HTML, so it paints before any script or data. The
 * poster, the largest thing on screen, is in the page itself (a data URL of 6 KB): it paints with
 * the heading, in the first paint, instead of one request later. The video (168 KB) gets its source
 * only once the page has loaded and the main thread is idle, so it never competes with the poster,
 * the text or the scripts for the connection. Visitors who prefer reduced motion get only the poster. A button pauses the loop
 * (WCAG 2.2.2: moving content longer than five seconds can be stopped).
 */
import { Link } from '@tanstack/react-router';
import { CalendarDays, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../ui/button.tsx';
import heroPoster from '../../../public/media/hero-poster.webp?inline';

/** An outlined button on a dark background (the shared button has no such look). */
const OUTLINE_ON_DARK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-md border border-white/60 px-6 text-base font-medium whitespace-nowrap text-white transition-colors hover:bg-white/10';

export const HERO_VIDEO = '/media/hero.webm';

export function Hero() {
  const video = useRef<HTMLVideoElement>(null);
  const [motionAllowed, setMotionAllowed] = useState(false);
  const [pageLoaded, setPageLoaded] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: no-preference)');
    const update = () => setMotionAllowed(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    let idle: number | undefined;
    const loaded = () => {
      idle =
        'requestIdleCallback' in window
          ? window.requestIdleCallback(() => setPageLoaded(true), { timeout: 1000 })
          : undefined;
      if (idle === undefined) setPageLoaded(true);
    };
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
    return () => {
      window.removeEventListener('load', loaded);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);

  const playing = motionAllowed && pageLoaded;
  // A <source> added to a video that had none starts its loading, and `autoPlay` its playback.
  // Reduced motion asked for while it plays: the loaded video stops, with its button gone.
  useEffect(() => {
    if (playing) video.current?.load();
    else video.current?.pause();
  }, [playing]);

  const togglePlayback = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      void element.play().catch(() => undefined);
      setPaused(false);
    } else {
      element.pause();
      setPaused(true);
    }
  };

  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-ink text-white">
      <video
        ref={video}
        className="absolute inset-0 -z-10 h-full w-full object-cover"
        poster={heroPoster}
        autoPlay
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        width={960}
        height={540}
      >
        {playing ? <source src={HERO_VIDEO} type="video/webm" /> : null}
      </video>
      {/* Keeps the text at AA contrast whatever frame of the video is behind it. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-ink/90 via-ink/70 to-ink/30" />
      <div className="mx-auto flex min-h-[540px] max-w-[1300px] flex-col justify-center px-4 py-20 sm:px-6 md:min-h-[600px]">
        <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase">
          Invite-only · 30-40 executives · 20+ cities in 2026
        </p>
        <h1
          id="hero-heading"
          className="mt-4 max-w-3xl text-4xl leading-tight font-bold tracking-tight sm:text-5xl lg:text-6xl"
        >
          Where data and AI leaders shape what comes next
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">
          CDO Vision brings chief data officers and enterprise AI leaders together for candid, peer-led conversations
          about strategy, governance and value — in small rooms, around the world.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/calendar" className={buttonClasses('light', 'lg')}>
            <CalendarDays aria-hidden="true" className="h-5 w-5" />
            See 2026 Calendar
          </Link>
          <a href="#events" className={OUTLINE_ON_DARK}>
            Upcoming events
          </a>
        </div>
      </div>
      {playing ? (
        <button
          type="button"
          onClick={togglePlayback}
          aria-label={paused ? 'Play background video' : 'Pause background video'}
          className="absolute right-4 bottom-4 inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
        >
          {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
        </button>
      ) : null}
    </section>
  );
}
