/**
 * Admin: Event Videos (spec section 2). A video belongs to one event, or to none (a general one,
 * such as the past-event videos of the home page).
 */
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useAdminActions, useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { NO_EVENT } from '../../ui/event-options.tsx';
import { toast } from '../../ui/toaster.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoForm, type VideoFormValues } from './video-form.tsx';

type VideoRow = SyncDoc<'videos'>;
type EventRow = SyncDoc<'events'>;

type FormMode = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string };

const byDisplayOrder = (a: VideoRow, b: VideoRow) =>
  a.display_order - b.display_order || a.title.localeCompare(b.title);
/** Events in the selector: newest start date first (spec section 7). */
const byStartDateDescending = (a: EventRow, b: EventRow) => Date.parse(b.start_date) - Date.parse(a.start_date);

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

export function VideosPage() {
  const videos = useAdminRows('videos', byDisplayOrder);
  const events = useAdminRows('events', byStartDateDescending);
  const actions = useAdminActions();
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);

  const eventChoices = useMemo(() => (events ?? []).map(({ id, title }) => ({ id, title })), [events]);
  const eventTitles = useMemo(() => new Map(eventChoices.map((event) => [event.id, event.title])), [eventChoices]);
  const editing = mode.kind === 'edit' ? (videos?.find((v) => v.id === mode.id) ?? null) : null;

  function close() {
    setMode({ kind: 'closed' });
    addButton.current?.focus();
  }

  async function save(values: VideoFormValues) {
    if (mode.kind === 'closed') return;
    const creating = mode.kind === 'create';
    const fields = {
      event_id: values.event_id === NO_EVENT ? null : values.event_id,
      title: values.title,
      video_url: values.video_url,
      description: blankToNull(values.description),
      thumbnail_url: blankToNull(values.thumbnail_url),
      display_order: values.display_order,
    };
    try {
      if (creating) await actions.insert('videos', { id: mode.id, ...fields });
      else await actions.patch('videos', mode.id, fields);
    } catch (error) {
      toast.error(creating ? 'Error adding video' : 'Error updating video', { description: errorMessage(error) });
      return;
    }
    toast.success(creating ? 'Video added successfully' : 'Video updated successfully');
    close();
  }

  async function remove(video: VideoRow) {
    try {
      await actions.remove('videos', video.id);
    } catch (error) {
      toast.error('Error deleting video', { description: errorMessage(error) });
      return;
    }
    if (mode.kind === 'edit' && mode.id === video.id) setMode({ kind: 'closed' });
    toast.success('Video deleted successfully');
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Event Videos</h2>
        <div className="flex gap-2">
          <Button ref={addButton} onClick={() => setMode({ kind: 'create', id: crypto.randomUUID() })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Video
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin">Back</Link>
          </Button>
        </div>
      </div>

      {mode.kind === 'create' || editing ? (
        <VideoForm
          key={mode.kind === 'closed' ? 'closed' : mode.id}
          video={editing}
          events={eventChoices}
          onSave={save}
          onCancel={close}
        />
      ) : null}

      {videos === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : videos.length === 0 ? (
        <p className="text-slate-600">No videos yet</p>
      ) : (
        <ul aria-label="Videos" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              eventTitle={video.event_id ? (eventTitles.get(video.event_id) ?? 'Unknown event') : null}
              onEdit={() => setMode({ kind: 'edit', id: video.id })}
              onDelete={() => remove(video)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
