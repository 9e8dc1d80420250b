import { createFileRoute } from '@tanstack/react-router';
import { VideosPage } from '../../features/admin-videos/videos-page.tsx';

export const Route = createFileRoute('/admin/videos')({
  head: () => ({
    meta: [
      { title: 'Event Videos | CDO Vision' },
      { name: 'description', content: 'Manage the videos shown on event pages and the home page.' },
    ],
  }),
  component: VideosPage,
});
