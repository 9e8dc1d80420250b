/**
 * 'Our past sponsors': the sponsor library as a grid of logos, a sponsor's name in their place when
 * there is no logo or it fails to load; twelve skeleton tiles while the library loads (spec
 * section 9); a way to the sponsorship page.
 */
import { Link } from '@tanstack/react-router';
import type { LiveRead, Sponsor } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { buttonClasses } from '../../ui/button.tsx';
import { LogoOrName } from '../../ui/logo-or-name.tsx';

export const SPONSOR_SKELETON_TILES = 12;

const TILE = 'flex h-24 items-center justify-center rounded-lg border border-slate-200 bg-white p-4';

export function PastSponsors({ state }: { state: LiveRead<Sponsor[]> }) {
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  return (
    <section aria-labelledby="past-sponsors-heading" className="below-fold mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="past-sponsors-heading" className="text-3xl font-bold tracking-tight">
            Our past sponsors
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            The technology and advisory partners who have helped make every edition possible.
          </p>
        </div>
        <Link to="/sponsors" className={buttonClasses('outline', 'md')}>
          Become a sponsor
        </Link>
      </div>
      {state.status === 'loading' ? (
        <div className="mt-8">
          <p role="status" className="sr-only">
            Loading...
          </p>
          <ul
            aria-hidden="true"
            data-testid="sponsor-skeletons"
            className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6"
          >
            {Array.from({ length: SPONSOR_SKELETON_TILES }, (_, n) => (
              <li key={n} className={`${TILE} animate-pulse bg-slate-100`} />
            ))}
          </ul>
        </div>
      ) : offlineWithNothing ? (
        <OfflineNotice what="Our past sponsors" className="mt-8" />
      ) : state.data.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          Our sponsors will be announced soon.
        </p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
          {state.data.map((sponsor) => (
            <li key={sponsor.id} className={TILE}>
              <LogoOrName
                name={sponsor.name}
                logoUrl={sponsor.logo_url}
                height={64}
                imageClassName="max-h-16 w-auto max-w-full object-contain"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
