import { createFileRoute } from '@tanstack/react-router';
import { AttendeePhoto } from '../../features/attendee-profile/attendee-photo.tsx';
import { CheckInPage } from '../../features/door/check-in-page.tsx';
import type { GuestPhoto } from '../../features/door/guest-row.tsx';
import { doorSearch } from '../../features/door/door-search.ts';

export const Route = createFileRoute('/admin/check-in')({
  validateSearch: doorSearch,
  head: () => ({
    meta: [
      { title: 'Check-in | CDO Vision' },
      { name: 'description', content: 'Check guests in at the door, offline too, on several phones at once.' },
    ],
  }),
  component: CheckInRoute,
});

/** The site's attendee photo (initials when there is none), as the roster shows it. */
const GuestPhotoOfSite: GuestPhoto = ({ name, photoUrl, size }) => (
  <AttendeePhoto attendee={{ name, photo_url: photoUrl }} size={size} />
);

function CheckInRoute() {
  const { event } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CheckInPage
      eventId={event}
      onEvent={(id) => void navigate({ search: { event: id }, replace: true })}
      Photo={GuestPhotoOfSite}
    />
  );
}
