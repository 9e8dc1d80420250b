/**
 * Admin: Sponsor Library (spec section 2). The sponsors every event picks from, with how many events
 * use each; a sponsor in use cannot be deleted (the server refuses it too, with 23503).
 */
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useAdminActions, useAdminRows, type SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { SponsorCard } from './sponsor-card.tsx';
import { SponsorForm, type SponsorFormValues } from './sponsor-form.tsx';

type Sponsor = SyncDoc<'sponsors_library'>;

/** closed, create (with the id the new sponsor will get) or edit one sponsor (spec section 4). */
type FormMode = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string };

const byName = (a: Sponsor, b: Sponsor) => a.name.localeCompare(b.name);

export function SponsorLibraryPage() {
  const sponsors = useAdminRows('sponsors_library', byName);
  const eventSponsors = useAdminRows('event_sponsors');
  const actions = useAdminActions();
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);

  const usage = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of eventSponsors ?? []) counts.set(row.sponsor_id, (counts.get(row.sponsor_id) ?? 0) + 1);
    return counts;
  }, [eventSponsors]);

  const editing = mode.kind === 'edit' ? (sponsors?.find((s) => s.id === mode.id) ?? null) : null;

  function close() {
    setMode({ kind: 'closed' });
    addButton.current?.focus();
  }

  async function save(values: SponsorFormValues, logo: File | null): Promise<boolean> {
    if (mode.kind === 'closed') return false;
    const id = mode.id;
    let logoUrl = mode.kind === 'edit' ? (editing?.logo_url ?? null) : null;
    if (logo) {
      try {
        logoUrl = await actions.queueImage(logo, {
          kind: 'sponsor-logo',
          target: { table: 'sponsors_library', id, column: 'logo_url' },
        });
      } catch {
        toast.error('Upload failed');
        return false;
      }
    }
    const fields = {
      name: values.name,
      website: values.website === '' ? null : values.website,
      description: values.description.trim() === '' ? null : values.description,
      logo_url: logoUrl,
    };
    try {
      if (mode.kind === 'create') {
        await actions.insert('sponsors_library', { id, ...fields });
        toast.success('Sponsor created successfully');
      } else {
        await actions.patch('sponsors_library', id, fields);
        toast.success('Sponsor updated successfully');
      }
    } catch (error) {
      toastError(error);
      return false;
    }
    close();
    return true;
  }

  async function remove(sponsor: Sponsor) {
    if ((usage.get(sponsor.id) ?? 0) > 0) {
      toast.error('Remove from events first');
      return;
    }
    try {
      await actions.remove('sponsors_library', sponsor.id);
      if (mode.kind === 'edit' && mode.id === sponsor.id) setMode({ kind: 'closed' });
      toast.success('Sponsor deleted successfully');
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">Sponsor Library</h2>
        <div className="flex gap-2">
          <Button ref={addButton} onClick={() => setMode({ kind: 'create', id: crypto.randomUUID() })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Sponsor
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin">Back</Link>
          </Button>
        </div>
      </div>

      {mode.kind === 'create' || editing ? (
        <SponsorForm
          key={mode.kind === 'closed' ? 'closed' : mode.id}
          sponsor={editing}
          onSave={save}
          onCancel={close}
        />
      ) : null}

      {sponsors === undefined ? (
        <p className="text-slate-600">Loading...</p>
      ) : sponsors.length === 0 ? (
        <p className="text-slate-600">No sponsors in library yet</p>
      ) : (
        <ul aria-label="Sponsors" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sponsors.map((sponsor) => (
            <SponsorCard
              key={sponsor.id}
              sponsor={sponsor}
              usage={usage.get(sponsor.id) ?? 0}
              onEdit={() => setMode({ kind: 'edit', id: sponsor.id })}
              onDelete={() => remove(sponsor)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
