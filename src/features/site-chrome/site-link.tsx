import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import type { NavLink } from './nav-links.ts';

export interface SiteLinkProps {
  link: NavLink;
  className?: string;
  onNavigate?: () => void;
  children?: ReactNode;
}

/**
 * A router link to one of the site's pages, marked `aria-current="page"` on that page. A link into
 * the home page (Events -> /#events) is a plain anchor that navigates through the router: it is never
 * "the current page", and the router's own hash matching would differ between the prerendered HTML
 * and the browser.
 */
export function SiteLink({ link, className, onNavigate, children }: SiteLinkProps) {
  const navigate = useNavigate();
  if (link.hash) {
    const hash = link.hash;
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      event.preventDefault();
      onNavigate?.();
      void navigate({ to: link.to, hash });
    };
    return (
      <a href={`${link.to}#${hash}`} className={className} onClick={follow}>
        {children ?? link.label}
      </a>
    );
  }
  return (
    <Link
      to={link.to}
      activeOptions={{ exact: true }}
      {...(className ? { className } : {})}
      {...(onNavigate ? { onClick: onNavigate } : {})}
    >
      {children ?? link.label}
    </Link>
  );
}
