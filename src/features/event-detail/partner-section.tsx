/**
 * 'Partner With Us' (spec section 2): shown when the event has sponsors or why_partner points; a
 * 'Become a Sponsor' button to /sponsors, the why_partner list, and the sponsors in display order,
 * each a logo (or its name) linking to the sponsor's website, with its tier.
 */
import { Link } from '@tanstack/react-router';
import { CircleCheck, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { EventPage, EventPageSponsor } from '../../data/public-content.ts';
import { Button } from '../../ui/button.tsx';
import { hasText, points } from './event-texts.ts';
import { PageSection } from './page-section.tsx';
import { brokenImageProps } from '../../ui/broken-image.ts';
import { shownImage } from '../../lib/shown-image.ts';

export function PartnerSection({ page }: { page: EventPage }) {
  const whyPartner = points(page.event.why_partner);
  const sponsors = page.sponsors.filter((link) => link.sponsor !== null);
  if (sponsors.length === 0 && whyPartner.length === 0) return null;
  return (
    <PageSection id="sponsors" title="Partner With Us">
      <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
        <div>
          {whyPartner.length > 0 ? (
            <ul className="space-y-3">
              {whyPartner.map((point, index) => (
                <li key={`${index}-${point}`} className="flex gap-3 text-slate-800">
                  <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-strong" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">Meet the data and AI leaders who shape their companies&apos; spending.</p>
          )}
          <Button asChild size="lg" className="mt-8">
            <Link to="/sponsors">Become a Sponsor</Link>
          </Button>
        </div>
        {sponsors.length > 0 ? (
          <div>
            <h3 className="text-xl font-semibold text-ink">Our Sponsors</h3>
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
              {sponsors.map((link) => (
                <li key={link.id}>
                  <SponsorTile link={link} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </PageSection>
  );
}

function SponsorTile({ link }: { link: EventPageSponsor }) {
  const sponsor = link.sponsor;
  const [logoFailed, setLogoFailed] = useState(false);
  if (!sponsor) return null;
  const showLogo = shownImage(sponsor.logo_url) !== null && !logoFailed;
  const body = (
    <>
      <span className="flex h-20 w-full items-center justify-center">
        {showLogo ? (
          <img
            src={sponsor.logo_url ?? ''}
            alt={sponsor.name}
            width={160}
            height={80}
            loading="lazy"
            decoding="async"
            {...brokenImageProps(() => setLogoFailed(true))}
            className="h-20 w-40 object-contain"
          />
        ) : (
          <span className="text-center text-lg font-semibold text-ink">{sponsor.name}</span>
        )}
      </span>
      {link.tier ? (
        <span className="mt-3 inline-flex items-center gap-2 text-sm text-slate-700">
          <span
            aria-hidden="true"
            className="h-3 w-3 rounded-full border border-slate-300"
            style={{ backgroundColor: link.tier.color }}
          />
          <span>{link.tier.name}</span>
        </span>
      ) : null}
    </>
  );
  const tile = 'flex h-full flex-col items-center rounded-lg border border-slate-200 bg-white p-4';
  return hasText(sponsor.website) ? (
    <a href={sponsor.website} target="_blank" rel="noopener noreferrer" className={`${tile} hover:shadow-md`}>
      {body}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="mt-2 h-4 w-4 text-slate-600" />
    </a>
  ) : (
    <div className={tile}>{body}</div>
  );
}
