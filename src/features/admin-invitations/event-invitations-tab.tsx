/**
 * An event's Invitations tab in the event editor (issue 15): the approval queue of that event, with
 * its seats, and 'Invite guests' for a list of people to invite to it.
 */
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { InvitationQueue } from './invitation-queue.tsx';
import { InviteListDialog } from './invite-list-dialog.tsx';

export function EventInvitationsTab({ eventId }: { eventId: string }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <InvitationQueue
        eventId={eventId}
        actions={
          <Button size="sm" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Invite guests
          </Button>
        }
      />
      <InviteListDialog open={inviting} onOpenChange={setInviting} eventId={eventId} />
    </>
  );
}
