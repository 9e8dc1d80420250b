/**
 * The grid of past sponsors: each logo, or the name as text when there is none or it fails to load. While the list is
 * loading or empty, 12 placeholder tiles hold the grid (spec section 9).
 */
import type { LiveRead, Sponsor } from '../../data/public-content.ts';
import { isUnanswered } from '../../data/public-content.ts';
import { useOnline } from '../../data/use-sync-status.ts';
import { OfflineNotice } from '../../ui/offline-notice.tsx';
import { LogoOrName } from '../../ui/logo-or-name.tsx';

const PLACEHOLDER_TILES = 12;
const TILE = 'flex h-24 items-center justify-center rounded-xl border border-slate-200 bg-white p-4';

export function PastSponsors({ state }: { state: LiveRead<Sponsor[]> }) {
  const sponsors = state.status === 'ready' ? state.data : [];
  const offlineWithNothing = !useOnline() && isUnanswered(state);
  return (
    <section aria-labelledby="past-sponsors-heading" className="bg-slate-50">
      <div className="mx-auto max-w-[1300px] px-4 py-16 sm:px-6">
        <h2 id="past-sponsors-heading" className="text-3xl font-bold tracking-tight">
          Our past sponsors
        </h2>
        {offlineWithNothing ? (
          <OfflineNotice what="Our past sponsors" className="mt-8" />
        ) : sponsors.length === 0 ? (
          <ul
            aria-hidden="true"
            data-testid="sponsor-placeholders"
            className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
          >
            {Array.from({ length: PLACEHOLDER_TILES }, (_, n) => (
              <li key={n} className={`${TILE} animate-pulse`}>
                <span className="h-6 w-2/3 rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {sponsors.map((sponsor) => (
              <li key={sponsor.id} className={TILE}>
                <LogoOrName
                  name={sponsor.name}
                  logoUrl={sponsor.logo_url}
                  height={80}
                  imageClassName="h-14 w-full object-contain"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
