import { ExternalLink, Pencil, Trash2, Video } from 'lucide-react';
import type { SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

export interface VideoCardProps {
  video: SyncDoc<'videos'>;
  /** The event's title, or null for a general video. */
  eventTitle: string | null;
  onEdit: () => void;
  /** Deletes after the admin confirms. */
  onDelete: () => Promise<void>;
}

export function VideoCard({ video, eventTitle, onEdit, onDelete }: VideoCardProps) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex aspect-video items-center justify-center overflow-hidden rounded bg-slate-100">
        {video.thumbnail_url ? (
          <img src={video.thumbnail_url} alt="" className="h-full w-full object-cover" />
        ) : (
          <Video aria-hidden="true" className="h-10 w-10 text-slate-500" />
        )}
      </div>
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{eventTitle ?? 'General'}</p>
      <h3 className="text-lg font-semibold break-words">{video.title}</h3>
      {video.description ? <p className="text-sm text-slate-700">{video.description}</p> : null}
      <a
        href={video.video_url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm break-all text-brand-strong underline"
      >
        {video.video_url}
        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <p className="text-xs text-slate-600">Display order {video.display_order}</p>
      <div className="mt-auto flex gap-2 pt-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${video.title}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" aria-label={`Delete ${video.title}`}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          }
          title="Delete this video?"
          description={`${video.title} will be deleted.`}
          confirmLabel="Delete"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
