import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

export interface SponsorCardProps {
  sponsor: SyncDoc<'sponsors_library'>;
  /** How many events the sponsor is attached to. */
  usage: number;
  onEdit: () => void;
  /** Deletes after the admin confirms. */
  onDelete: () => Promise<void>;
}

/** A web address without its scheme and trailing slash, as people read it. */
function shortAddress(address: string): string {
  return address.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

export function SponsorCard({ sponsor, usage, onEdit, onDelete }: SponsorCardProps) {
  const logo = useImageUrl(sponsor.logo_url);
  const hintId = useId();
  const inUse = usage > 0;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex h-20 items-center justify-center rounded bg-slate-50">
        {logo ? (
          <img src={logo} alt={`${sponsor.name} logo`} className="max-h-16 max-w-[80%] object-contain" />
        ) : (
          <span className="text-sm text-slate-600">{sponsor.logo_url ? 'Logo uploading...' : 'No logo'}</span>
        )}
      </div>
      <h3 className="text-lg font-semibold break-words">{sponsor.name}</h3>
      {sponsor.description ? <p className="text-sm text-slate-700">{sponsor.description}</p> : null}
      <p className="text-sm text-slate-600">{`Used in ${usage} event(s)`}</p>
      {sponsor.website ? (
        <a
          href={sponsor.website}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm break-all text-brand-strong underline"
        >
          {shortAddress(sponsor.website)}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${sponsor.name}`}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Button>
        {inUse ? (
          <Button
            variant="destructive"
            size="sm"
            disabled
            aria-label={`Delete ${sponsor.name}`}
            aria-describedby={hintId}
            title="Remove from events first"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
        ) : (
          <ConfirmDialog
            trigger={
              <Button variant="destructive" size="sm" aria-label={`Delete ${sponsor.name}`}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete
              </Button>
            }
            title="Delete this sponsor?"
            description={`${sponsor.name} will be removed from the sponsor library.`}
            confirmLabel="Delete"
            onConfirm={onDelete}
          />
        )}
      </div>
      {inUse ? (
        <p id={hintId} className="text-xs text-slate-600">
          Remove from events first
        </p>
      ) : null}
    </li>
  );
}
