/**
 * The event form of the back office (spec section 2, "Admin: Events"): seven tabs, of which the last
 * four (sessions, attendees, sponsors, gallery) work on a saved event only, and an eighth, the
 * event's invitations (issue 15), which the route hands in (it is another feature's). Saving writes to the
 * local replica (online or not) and closes the form; the sync engine pushes the change.
 *
 * The featured image is picked here and queued when the form is saved (src/data/save-event.ts).
 *
 * The event has a time zone, the venue's (issue 28): start and end are typed and shown in it, and an
 * edit that moves the event to another zone asks whether its sessions keep their clock times or
 * the moments they happen at.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAdminRows } from '../../data/admin-data.ts';
import { normaliseSlugInput, slugForSave } from '../../data/event-values.ts';
import {
  changesZone,
  eventFormSchema,
  eventFormValues,
  eventTimesOf,
  useSaveEvent,
  type EventFormValues,
  type ZoneChange,
} from '../../data/save-event.ts';
import { eventTimeZone } from '../../lib/venue-time.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input, Textarea } from '../../ui/field.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { type EventDoc } from './admin-rows.ts';
import { EventAttendeesTab } from './event-attendees-tab.tsx';
import { EventGalleryTab } from './event-gallery-tab.tsx';
import { EventSponsorsTab } from './event-sponsors-tab.tsx';
import { PointListEditor } from './point-list-editor.tsx';
import { FeaturedImagePicker, type PendingImage } from './featured-image-picker.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { TimeZonePicker } from './time-zone-picker.tsx';
import { describedBy, TimesInZone } from './times-in-zone.tsx';
import { ZoneChangeDialog } from './zone-change-dialog.tsx';

/** True when a field of the Basic Info tab is invalid. */
function invalidBasics(invalid: Partial<Record<keyof EventFormValues, unknown>>): boolean {
  return Object.keys(invalid).some((field) => field !== 'why_attend' && field !== 'why_partner');
}

/** The gated tabs and their notes while the event is not saved yet (spec: 'Save the event first to manage ...'). */
const GATED_TABS = [
  { value: 'sessions', label: 'Sessions', note: 'Save the event first to manage sessions' },
  { value: 'attendees', label: 'Attendees', note: 'Save the event first to manage attendees' },
  { value: 'sponsors', label: 'Sponsors', note: 'Save the event first to manage sponsors' },
  { value: 'gallery', label: 'Gallery', note: 'Save the event first to manage gallery' },
  { value: 'invitations', label: 'Invitations', note: 'Save the event first to manage invitations' },
  { value: 'reminders', label: 'Reminders', note: 'Save the event first to manage reminders' },
  { value: 'feedback', label: 'Feedback', note: 'Save the event first to see its feedback' },
] as const;

export interface EventFormProps {
  /** The event being edited, or null to create one with `id`. */
  event: EventDoc | null;
  /** The id of the event: the edited one's, or the one a new event gets (image paths use it). */
  id: string;
  /** Slugs of the other live events (a slug is unique among them). */
  takenSlugs: ReadonlySet<string>;
  onDone: () => void;
  /** The content of the Invitations tab for a saved event. */
  invitationsTab: (eventId: string) => ReactNode;
  /** The content of the Reminders tab for a saved event. */
  remindersTab: (eventId: string) => ReactNode;
  /** The content of the Feedback tab for a saved event. */
  feedbackTab: (eventId: string) => ReactNode;
}

export function EventForm({
  event,
  id,
  takenSlugs,
  onDone,
  invitationsTab,
  remindersTab,
  feedbackTab,
}: EventFormProps) {
  const saveEvent = useSaveEvent();
  // The event as the form opened on it: its values start from it, and a save writes what differs
  // from it, so that a field another admin changed meanwhile, and this one did not, keeps its value.
  const [opened] = useState(event);
  const [tab, setTab] = useState('basic');
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);
  const [imageCleared, setImageCleared] = useState(false);
  const [saving, setSaving] = useState(false);
  /** The values waiting for the admin to say what a change of zone does to the times set. */
  const [zoneQuestion, setZoneQuestion] = useState<EventFormValues | null>(null);
  const headingId = useId();
  const zoneNoteId = useId();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: eventFormValues(opened),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const allSessions = useAdminRows('sessions');
  const sessions = useMemo(
    () => (event ? (allSessions ?? []).filter((session) => session.event_id === event.id) : []),
    [allSessions, event],
  );
  const watched = useWatch({ control }) as EventFormValues;
  const zone = watched.time_zone;
  const times = eventTimesOf(watched, opened);
  const start = times.start_date.kind === 'instant' ? times.start_date.instant : event?.start_date;

  // Object URLs of picked files hold memory until revoked.
  useEffect(() => () => (pendingImage ? URL.revokeObjectURL(pendingImage.previewUrl) : undefined), [pendingImage]);

  const write = async (values: EventFormValues, zoneChange?: ZoneChange) => {
    setSaving(true);
    try {
      let featuredImage: string | null | undefined;
      if (pendingImage) {
        try {
          featuredImage = await saveEvent.queueFeaturedImage(id, pendingImage.file);
        } catch (error) {
          toast.error('Upload failed', { description: errorMessage(error) });
          setTab('images');
          return;
        }
      } else if (imageCleared) {
        featuredImage = null;
      }
      const { notes } = await saveEvent.save(opened, id, values, featuredImage, {
        ...(zoneChange ? { zoneChange } : {}),
        sessions,
      });
      toast.success(
        event ? 'Event updated successfully' : 'Event created successfully',
        notes.length > 0 ? { description: notes.join(' ') } : undefined,
      );
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const save = handleSubmit(
    async (values) => {
      const slug = slugForSave(values.slug);
      if (slug !== null && takenSlugs.has(slug)) {
        setError('slug', { message: 'Another event already has this slug' });
        setTab('basic');
        return;
      }
      if (changesZone(opened, values) && sessions.length > 0) {
        setZoneQuestion(values);
        return;
      }
      await write(values);
    },
    // Open the tab that shows the first problem.
    (invalid) => setTab(invalidBasics(invalid) ? 'basic' : 'why'),
  );

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    void save();
  };

  const basicInfo = (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-2">
      <Field label="Title" error={errors.title?.message}>
        {(ids) => <Input {...ids} aria-required="true" {...register('title')} />}
      </Field>
      <Field
        label="Slug"
        error={errors.slug?.message}
        hint="Lowercase letters, numbers and hyphens. Leave blank to make one from the title."
      >
        {(ids) => (
          <Controller
            control={control}
            name="slug"
            render={({ field }) => (
              <Input
                {...ids}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(change) => field.onChange(normaliseSlugInput(change.target.value))}
              />
            )}
          />
        )}
      </Field>
      <Field label="Subheading" error={errors.subheading?.message} className="md:col-span-2">
        {(ids) => <Input {...ids} {...register('subheading')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className="md:col-span-2">
        {(ids) => <Textarea {...ids} rows={5} {...register('description')} />}
      </Field>
      <Field label="Location" error={errors.location?.message}>
        {(ids) => <Input {...ids} {...register('location')} />}
      </Field>
      <Field label="Request invite URL" error={errors.request_invite_url?.message}>
        {(ids) => <Input {...ids} type="url" placeholder="https://" {...register('request_invite_url')} />}
      </Field>
      <Field
        label="Time zone"
        error={errors.time_zone?.message}
        hint="The venue's zone. Search by city, abbreviation or offset."
        className="md:col-span-2"
      >
        {(ids) => (
          <Controller
            control={control}
            name="time_zone"
            render={({ field }) => (
              <TimeZonePicker
                ids={ids}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                storedZone={event?.time_zone ?? null}
                at={start ? new Date(start) : new Date()}
              />
            )}
          />
        )}
      </Field>
      <TimesInZone
        id={zoneNoteId}
        zone={zone}
        at={start}
        className="md:col-span-2"
        // A document pulled before events had a zone is read in UTC until the replica has its zone.
        {...(event && !event.time_zone
          ? { note: "This device has not received the event's time zone yet; times show in UTC until it has." }
          : {})}
      />
      {(['start_date', 'end_date'] as const).map((name) => {
        const time = times[name];
        return (
          <Field
            key={name}
            label={name === 'start_date' ? 'Start date' : 'End date'}
            error={errors[name]?.message}
            hint={time.kind === 'instant' && time.note ? time.note : undefined}
          >
            {(ids) => (
              <Input
                {...ids}
                type="datetime-local"
                aria-required="true"
                aria-describedby={describedBy(ids, zoneNoteId)}
                {...register(name)}
              />
            )}
          </Field>
        );
      })}
      <Field
        label="Capacity"
        error={errors.capacity?.message}
        hint="Seats for guests, a whole number from 1 to 100000. Leave blank for no limit."
      >
        {/* Text, not a number input: a number input reads what is not a number as blank (no limit). */}
        {(ids) => <Input {...ids} inputMode="numeric" autoComplete="off" {...register('capacity')} />}
      </Field>
    </form>
  );

  const images = (
    <FeaturedImagePicker
      savedUrl={imageCleared ? null : (event?.featured_image_url ?? null)}
      pending={pendingImage}
      onPick={(picked) => {
        setPendingImage(picked);
        setImageCleared(false);
      }}
      onClear={() => {
        setPendingImage(null);
        setImageCleared(true);
      }}
    />
  );

  const whySections = (
    <form onSubmit={submit} noValidate className="grid gap-6 md:grid-cols-2">
      <Controller
        control={control}
        name="why_attend"
        render={({ field }) => (
          <PointListEditor
            label="Why Attend"
            value={field.value}
            onChange={field.onChange}
            error={errors.why_attend?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="why_partner"
        render={({ field }) => (
          <PointListEditor
            label="Why Partner"
            value={field.value}
            onChange={field.onChange}
            error={errors.why_partner?.message}
          />
        )}
      />
    </form>
  );

  const gatedContent = (value: (typeof GATED_TABS)[number]['value']) => {
    if (!event) return null;
    switch (value) {
      case 'sessions':
        return <SessionsPanel eventId={id} />;
      case 'attendees':
        return <EventAttendeesTab eventId={id} />;
      case 'sponsors':
        return <EventSponsorsTab eventId={id} />;
      case 'gallery':
        return <EventGalleryTab eventId={id} />;
      case 'invitations':
        return invitationsTab(id);
      case 'reminders':
        return remindersTab(id);
      case 'feedback':
        return feedbackTab(id);
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id={headingId} className="mb-4 text-xl font-semibold">
        {event ? 'Edit Event' : 'Create Event'}
      </h3>
      <Tabs
        label="Event details"
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'basic', label: 'Basic Info', content: basicInfo },
          { value: 'images', label: 'Images', content: images },
          { value: 'why', label: 'Why Sections', content: whySections },
          ...GATED_TABS.map((gated) => ({
            value: gated.value,
            label: gated.label,
            disabled: !event,
            content: gatedContent(gated.value),
          })),
        ]}
      />
      {event ? null : (
        // Disabled tabs cannot be opened, so their notes are shown here.
        <ul className="mt-4 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
          {GATED_TABS.map((gated) => (
            <li key={gated.value}>{gated.note}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <Button onClick={() => void save()} disabled={saving || !saveEvent.ready}>
          {event ? 'Update Event' : 'Create Event'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {opened && zoneQuestion ? (
        <ZoneChangeDialog
          from={eventTimeZone(opened)}
          to={zoneQuestion.time_zone}
          sessions={sessions}
          busy={saving}
          onChoose={(choice) => void write(zoneQuestion, choice).finally(() => setZoneQuestion(null))}
          onCancel={() => setZoneQuestion(null)}
        />
      ) : null}
    </section>
  );
}
