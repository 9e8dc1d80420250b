import type { MouseEvent, ReactElement, ReactNode } from 'react';

/**
 * Makes a button open the event's own invite request form (an event with no request_invite_url).
 * Features do not import each other, so the route passes it in from the request-invite feature.
 */
export type RequestInviteSlot = (
  element: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>,
) => ReactNode;
