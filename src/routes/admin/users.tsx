import { createFileRoute } from '@tanstack/react-router';
import { UserManagementPage } from '../../features/admin-users/user-management-page.tsx';

export const Route = createFileRoute('/admin/users')({
  head: () => ({
    meta: [
      { title: 'User Management | CDO Vision' },
      { name: 'description', content: 'Admin accounts and pending admin invites of the CDO Vision back office.' },
    ],
  }),
  component: UserManagementPage,
});
