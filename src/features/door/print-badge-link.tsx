/**
 * 'Print badge' for one guest, where the check-in screen shows a guest: opens the badges page
 * (badges-page.tsx) with only their badge, one per label. On a phone it is the printer icon alone
 * (its name is still 'Print badge of <name>'), so it fits beside the screen's own buttons.
 */
import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import type { RosterGuest } from '../../data/door-roster.ts';
import { Button } from '../../ui/button.tsx';

export function PrintBadgeLink({ eventId, guest }: { eventId: string; guest: RosterGuest }) {
  return (
    <Button asChild variant="outline" className="min-h-11 min-w-11 px-3">
      <Link to="/admin/check-in/badges" search={{ event: eventId, guest: guest.key }}>
        <Printer aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">Print badge</span>
        <span className="sr-only"> of {guest.name}</span>
      </Link>
    </Button>
  );
}
