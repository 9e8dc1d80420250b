/** The back office's welcome page (spec section 2, "Dashboard"): four cards and a way back to the site. */
import { Link } from '@tanstack/react-router';
import { CalendarDays, Handshake, UserCog, Users } from 'lucide-react';
import type { ReactNode } from 'react';

interface DashboardCard {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

const CARDS: readonly DashboardCard[] = [
  { to: '/admin/events', title: 'Events', description: 'Manage events, agendas and galleries', icon: <CalendarDays /> },
  { to: '/admin/attendees', title: 'Attendees', description: 'Manage attendee profiles', icon: <Users /> },
  { to: '/admin/sponsors', title: 'Sponsors', description: 'Manage the sponsor library', icon: <Handshake /> },
  { to: '/admin/users', title: 'User Management', description: 'Manage admin roles', icon: <UserCog /> },
];

export function DashboardPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <h2 className="text-2xl font-bold text-ink">Welcome to the admin dashboard</h2>
      <p className="mt-2 text-slate-700">
        Manage events, attendees, sponsors and admin accounts. Changes are saved on this device at once and sync when
        you are online.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to as '/'}
              className="flex h-full items-start gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand hover:bg-slate-50"
            >
              <span
                aria-hidden="true"
                className="rounded-md bg-slate-100 p-2 text-brand-strong [&_svg]:h-6 [&_svg]:w-6"
              >
                {card.icon}
              </span>
              <span>
                <span className="block text-lg font-semibold text-ink">{card.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{card.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/"
        className="mt-8 inline-block text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
      >
        ← Back to Events
      </Link>
    </div>
  );
}
