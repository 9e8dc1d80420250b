/**
 * The back office's side menu, 'Admin Panel' (spec section 2). Sessions has a page
 * (/admin/sessions) but no entry: it is reached from an event.
 */
import { Link } from '@tanstack/react-router';
import {
  CalendarDays,
  DoorOpen,
  Handshake,
  LayoutDashboard,
  Layers,
  MailCheck,
  MessageSquareQuote,
  UserCog,
  Users,
  Video,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Sidebar, SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '../../ui/sidebar.tsx';

interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

const ICON = 'h-5 w-5';

export const ADMIN_MENU: readonly MenuEntry[] = [
  { to: '/admin', label: 'Dashboard', icon: <LayoutDashboard className={ICON} /> },
  { to: '/admin/events', label: 'Events', icon: <CalendarDays className={ICON} /> },
  { to: '/admin/attendees', label: 'Attendees', icon: <Users className={ICON} /> },
  { to: '/admin/invitations', label: 'Invitations', icon: <MailCheck className={ICON} /> },
  { to: '/admin/check-in', label: 'Check-in', icon: <DoorOpen className={ICON} /> },
  { to: '/admin/sponsors', label: 'Sponsors', icon: <Handshake className={ICON} /> },
  { to: '/admin/sponsor-tiers', label: 'Sponsor Tiers', icon: <Layers className={ICON} /> },
  { to: '/admin/testimonials', label: 'Testimonials', icon: <MessageSquareQuote className={ICON} /> },
  { to: '/admin/videos', label: 'Videos', icon: <Video className={ICON} /> },
  { to: '/admin/users', label: 'User Management', icon: <UserCog className={ICON} /> },
];

export function AdminMenu() {
  return (
    <Sidebar title="Admin Panel">
      <SidebarMenu>
        {ADMIN_MENU.map((entry) => (
          <SidebarMenuItem key={entry.to}>
            <SidebarMenuButton asChild icon={entry.icon} label={entry.label}>
              {/* The paths are the back office's routes; `to` is typed loosely so the menu does not
                  depend on which page modules exist. */}
              <Link to={entry.to as '/'} activeOptions={{ exact: entry.to === '/admin' }} />
            </SidebarMenuButton>
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
    </Sidebar>
  );
}
