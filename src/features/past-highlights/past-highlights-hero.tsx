/**
 * The page's opening (spec section 2, "Past highlights"). Text only, so it paints from the
 * prerendered HTML without waiting for data or media: it is the page's largest paint.
 */
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui/button.tsx';

export function PastHighlightsHero() {
  return (
    <section aria-labelledby="past-highlights-heading" className="bg-ink text-white">
      <div className="mx-auto max-w-[1300px] px-4 py-20 sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-widest text-indigo-200 uppercase">Past highlights</p>
        <h1 id="past-highlights-heading" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Four years of candid conversations between data and AI leaders
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-200">
          From intimate dinners to full-day summits, CDO Vision has brought chief data officers and enterprise AI
          leaders together in cities around the world. Here is a look back at the rooms, the people and the partners
          that made them.
        </p>
        <Link to="/" hash="events" className={`${buttonClasses('light', 'lg')} mt-8`}>
          See our events
        </Link>
      </div>
    </section>
  );
}
