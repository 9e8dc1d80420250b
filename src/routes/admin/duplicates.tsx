import { createFileRoute } from '@tanstack/react-router';
import { DuplicatesPage } from '../../features/admin-people/duplicates-page.tsx';

export const Route = createFileRoute('/admin/duplicates')({
  head: () => ({
    meta: [
      { title: 'Duplicate records | CDO Vision' },
      {
        name: 'description',
        content: 'Records that look like one person, side by side, merged into one and undone within a day.',
      },
    ],
  }),
  component: DuplicatesPage,
});
