import type { MouseEvent, ReactElement, ReactNode } from 'react';
import type { PastAttendee } from '../../data/public-content.ts';

/**
 * How the event page shows attendee profiles. Features do not import each other, so the route
 * passes these in from the attendee-profile feature.
 */
export interface AttendeeSlots {
  /** A grid card that opens the attendee's profile. */
  card: (attendee: PastAttendee) => ReactNode;
  /** Makes an element (a speaker chip button) open the attendee's profile. */
  opener: (
    attendee: PastAttendee,
    element: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>,
  ) => ReactNode;
}
