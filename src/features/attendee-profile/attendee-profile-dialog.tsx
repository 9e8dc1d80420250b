/**
 * The 'Attendee Profile' dialog (spec section 2, "Past highlights" and "Event detail"): photo, name,
 * job title, company with logo, a LinkedIn button, and the tabs 'Overview' and 'Why Connect'.
 *
 * Controlled: a page keeps one for all its openers (profile-host.tsx), and the dialog gives focus back
 * to the opener when it closes (src/ui/return-focus.ts).
 */
import { ExternalLink } from 'lucide-react';
import type { PastAttendee } from '../../data/public-content.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { AttendeePhoto } from './attendee-photo.tsx';
import { present, splitPriorities } from './priorities.ts';
import { shownImage } from '../../lib/shown-image.ts';

export interface AttendeeProfileDialogProps {
  attendee: PastAttendee;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AttendeeProfileDialog({ attendee, open, onOpenChange }: AttendeeProfileDialogProps) {
  return (
    <Dialog title="Attendee Profile" open={open} onOpenChange={onOpenChange}>
      <AttendeeProfile attendee={attendee} />
    </Dialog>
  );
}

function AttendeeProfile({ attendee }: { attendee: PastAttendee }) {
  const priorities = splitPriorities(attendee.priorities);
  const hasInsights = present(attendee.current_focus) || priorities.length > 0 || present(attendee.future_focus);
  return (
    <div>
      <div className="flex items-start gap-4">
        <AttendeePhoto attendee={attendee} size={80} loading="eager" />
        <div className="min-w-0">
          <p className="text-xl font-semibold break-words">{attendee.name}</p>
          {present(attendee.job_title) ? <p className="text-slate-700">{attendee.job_title}</p> : null}
          {present(attendee.company) ? (
            <p className="mt-1 flex items-center gap-2 text-slate-700">
              {shownImage(attendee.company_logo_url) ? (
                <img
                  src={shownImage(attendee.company_logo_url) ?? undefined}
                  alt=""
                  height={24}
                  className="h-6 w-auto max-w-24 rounded object-contain"
                  onError={(event) => {
                    event.currentTarget.hidden = true;
                  }}
                />
              ) : null}
              <span>{attendee.company}</span>
            </p>
          ) : null}
          {present(attendee.linkedin_url) ? (
            <Button asChild variant="outline" size="sm" className="mt-3">
              <a href={attendee.linkedin_url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                LinkedIn
                <span className="sr-only"> profile of {attendee.name} (opens in a new tab)</span>
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      <Tabs
        className="mt-6"
        label={`About ${attendee.name}`}
        items={[
          {
            value: 'overview',
            label: 'Overview',
            content: present(attendee.bio) ? (
              <p className="whitespace-pre-line text-slate-800">{attendee.bio}</p>
            ) : (
              <p className="text-slate-600">No bio available</p>
            ),
          },
          {
            value: 'why-connect',
            label: 'Why Connect',
            content: hasInsights ? (
              <div className="space-y-4 text-slate-800">
                {present(attendee.current_focus) ? (
                  <section>
                    <h3 className="font-semibold">Current focus</h3>
                    <p className="mt-1 whitespace-pre-line">{attendee.current_focus}</p>
                  </section>
                ) : null}
                {priorities.length > 0 ? (
                  <section>
                    <h3 className="font-semibold">Priorities</h3>
                    <ul className="mt-1 list-disc space-y-1 pl-5">
                      {priorities.map((priority, index) => (
                        <li key={`${index}-${priority}`}>{priority}</li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {present(attendee.future_focus) ? (
                  <section>
                    <h3 className="font-semibold">Future focus</h3>
                    <p className="mt-1 whitespace-pre-line">{attendee.future_focus}</p>
                  </section>
                ) : null}
              </div>
            ) : (
              <p className="text-slate-600">No networking insights available</p>
            ),
          },
        ]}
      />
    </div>
  );
}
