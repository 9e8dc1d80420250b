/**
 * Admin: Event Videos (spec section 2). A video belongs to one event, or to none (a general one,
 * such as the past-event videos of the home page).
 */
import { patchOf } from '../../data/patch-of.ts';
import { useMemo } from 'react';
import { useAdminActions, useAdminRows, useAdminRowsPulled, type SyncDoc } from '../../data/admin-data.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { NO_EVENT } from '../../ui/event-options.tsx';
import { CardGrid, ListPageHeader, ListRows, useListEditor } from '../../ui/list-page.tsx';
import { toast } from '../../ui/toaster.tsx';
import { VideoCard } from './video-card.tsx';
import { VideoForm, type VideoFormValues } from './video-form.tsx';

type VideoRow = SyncDoc<'videos'>;
type EventRow = SyncDoc<'events'>;

const byDisplayOrder = (a: VideoRow, b: VideoRow) =>
  a.display_order - b.display_order || a.title.localeCompare(b.title);
/** Events in the selector: newest start date first (spec section 7). */
const byStartDateDescending = (a: EventRow, b: EventRow) => Date.parse(b.start_date) - Date.parse(a.start_date);

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

export function VideosPage() {
  const videos = useAdminRowsPulled('videos', byDisplayOrder);
  const events = useAdminRows('events', byStartDateDescending);
  const actions = useAdminActions();
  const editor = useListEditor(videos);
  const { mode, editing, close } = editor;

  const eventChoices = useMemo(() => (events ?? []).map(({ id, title }) => ({ id, title })), [events]);
  const eventTitles = useMemo(() => new Map(eventChoices.map((event) => [event.id, event.title])), [eventChoices]);

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
      else {
        const patch = patchOf(mode.opened, fields);
        if (Object.keys(patch).length > 0) await actions.patch('videos', mode.id, patch);
      }
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
    editor.closeIfEditing(video.id);
    toast.success('Video deleted successfully');
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ListPageHeader title="Event Videos" addLabel="Add Video" editor={editor} />

      {editor.formOpen ? (
        <VideoForm key={editor.formKey} video={editing} events={eventChoices} onSave={save} onCancel={close} />
      ) : null}

      <ListRows rows={videos} empty="No videos yet">
        {(videos) => (
          <CardGrid label="Videos">
            {videos.map((video) => (
              <VideoCard
                key={video.id}
                video={video}
                eventTitle={video.event_id ? (eventTitles.get(video.event_id) ?? 'Unknown event') : null}
                onEdit={() => editor.edit(video.id)}
                onDelete={() => remove(video)}
              />
            ))}
          </CardGrid>
        )}
      </ListRows>
    </div>
  );
}
