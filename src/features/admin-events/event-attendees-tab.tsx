/**
 * An event's attendees (spec section 2, "Attendees tab"): a picker of the attendees not yet on the
 * event, the type they come as (current by default, or past), and the list with remove.
 */
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAdminActions, useAdminRowsPulled } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Select } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { attendeesByName } from './admin-rows.ts';

type AttendeeType = 'current' | 'past';

export function EventAttendeesTab({ eventId }: { eventId: string }) {
  // Both in full before anything shows: the picker must not offer a guest already on the event.
  const attendees = useAdminRowsPulled('attendees', attendeesByName);
  const links = useAdminRowsPulled('event_attendees');
  const { insert, remove } = useAdminActions();
  const [chosen, setChosen] = useState('');
  const [type, setType] = useState<AttendeeType>('current');

  const onEvent = useMemo(() => (links ?? []).filter((link) => link.event_id === eventId), [links, eventId]);
  const byId = useMemo(() => new Map((attendees ?? []).map((attendee) => [attendee.id, attendee])), [attendees]);
  const available = useMemo(() => {
    const taken = new Set(onEvent.map((link) => link.attendee_id));
    return (attendees ?? []).filter((attendee) => !taken.has(attendee.id));
  }, [attendees, onEvent]);
  const listed = useMemo(
    () =>
      onEvent
        .map((link) => ({ link, attendee: byId.get(link.attendee_id) }))
        .sort((a, b) => (a.attendee?.name ?? '').localeCompare(b.attendee?.name ?? '')),
    [onEvent, byId],
  );

  const add = async () => {
    if (!chosen) return;
    try {
      await insert('event_attendees', { event_id: eventId, attendee_id: chosen, attendee_type: type });
      setChosen('');
      setType('current');
      toast.success('Attendee added to event');
    } catch (error) {
      toastError(error);
    }
  };

  const removeLink = async (linkId: string) => {
    try {
      await remove('event_attendees', linkId);
      toast.success('Attendee removed from event');
    } catch (error) {
      toastError(error);
    }
  };

  if (!attendees || !links) return <p className="text-slate-600">Loading...</p>;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Attendee" className="min-w-56 flex-1">
          {(ids) => (
            <Select {...ids} value={chosen} onChange={(change) => setChosen(change.target.value)}>
              <option value="">Select an attendee</option>
              {available.map((attendee) => (
                <option key={attendee.id} value={attendee.id}>
                  {attendee.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Attendee type" className="w-40">
          {(ids) => (
            <Select {...ids} value={type} onChange={(change) => setType(change.target.value as AttendeeType)}>
              <option value="current">Current</option>
              <option value="past">Past</option>
            </Select>
          )}
        </Field>
        <Button disabled={!chosen} onClick={() => void add()}>
          Add
        </Button>
      </div>
      {listed.length === 0 ? (
        <p className="text-slate-600">No attendees added yet</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Event attendees">
          {listed.map(({ link, attendee }) => {
            const name = attendee?.name ?? 'Unknown attendee';
            const detail = [attendee?.job_title, attendee?.company].filter(Boolean).join(', ');
            return (
              <li key={link.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{name}</p>
                  <p className="text-sm text-slate-600">{[attendee?.email, detail].filter(Boolean).join(' · ')}</p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {link.attendee_type === 'past' ? 'Past' : 'Current'}
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${name} from event`}
                    onClick={() => void removeLink(link.id)}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
