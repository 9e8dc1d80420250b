import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/contact-page.tsx';

export const Route = createFileRoute('/contact')({
  head: () => ({
    meta: [
      { title: 'Contact us | CDO Vision' },
      {
        name: 'description',
        content:
          'Request an invitation or ask about sponsorship: send us an enquiry, or find our London and New York offices.',
      },
    ],
  }),
  component: ContactPage,
});
