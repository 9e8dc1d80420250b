/** The closing call to action: 'Working in over 20 international markets' (spec sections 2 and 9). */
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../ui/button.tsx';

export function MarketsBanner() {
  return (
    <section aria-labelledby="markets-heading" className="below-fold bg-brand-strong text-white">
      <div className="mx-auto flex max-w-[1300px] flex-col items-start justify-between gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center">
        <div>
          <h2 id="markets-heading" className="text-3xl font-bold tracking-tight">
            Working in over 20 international markets
          </h2>
          <p className="mt-2 max-w-2xl text-indigo-50">
            Want to bring CDO Vision to your city, or meet the leaders in ours? We would love to hear from you.
          </p>
        </div>
        <Link to="/contact" className={buttonClasses('light', 'lg')}>
          Get in touch
        </Link>
      </div>
    </section>
  );
}
