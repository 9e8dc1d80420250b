/**
 * Admin: Invitations (issue 15): the approval queue of every event (invitation-queue.tsx), 'Invite
 * guests' for a list of people to invite, and, against the local backend, a link to its mailbox
 * where the messages sent to guests can be read.
 */
import { ExternalLink } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocalMailboxUrl } from '../../data/local-mailbox.ts';
import { Button } from '../../ui/button.tsx';
import { ListPageHeader } from '../../ui/list-page.tsx';
import { InvitationQueue } from './invitation-queue.tsx';
import { InviteListDialog } from './invite-list-dialog.tsx';

export function InvitationsPage() {
  const mailbox = useLocalMailboxUrl();
  const inviteButton = useRef<HTMLButtonElement>(null);
  const [inviting, setInviting] = useState(false);

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Invitations"
        addLabel="Invite guests"
        editor={{ addButton: inviteButton, create: () => setInviting(true) }}
        moreActions={
          mailbox ? (
            <Button asChild variant="outline">
              <a href={mailbox} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                Open the local mailbox
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          ) : null
        }
      />
      <InvitationQueue />
      <InviteListDialog open={inviting} onOpenChange={setInviting} />
    </div>
  );
}
