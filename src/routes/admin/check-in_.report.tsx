import { createFileRoute } from '@tanstack/react-router';
import { AttendanceReportPage } from '../../features/door/attendance-report-page.tsx';
import { doorSearch } from '../../features/door/door-search.ts';

export const Route = createFileRoute('/admin/check-in_/report')({
  validateSearch: doorSearch,
  head: () => ({
    meta: [
      { title: 'Attendance report | CDO Vision' },
      { name: 'description', content: 'Who came to an event: checked in, walk-ins and no-shows, with a CSV export.' },
    ],
  }),
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AttendanceReportPage
      event={search.event}
      onEvent={(event) => void navigate({ search: { event }, replace: true })}
    />
  );
}
