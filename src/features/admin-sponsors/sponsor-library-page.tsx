/**
 * Admin: Sponsor Library (spec section 2). The sponsors every event picks from, with how many events
 * use each; a sponsor in use cannot be deleted (the server refuses it too, with 23503).
 */
import { patchOf } from '../../data/patch-of.ts';
import { useMemo } from 'react';
import { useAdminActions, useAdminRowsPulled, type SyncDoc } from '../../data/admin-data.ts';
import { CardGrid, ListPageHeader, ListRows, useListEditor } from '../../ui/list-page.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { SponsorCard } from './sponsor-card.tsx';
import { SponsorForm, type SponsorFormValues } from './sponsor-form.tsx';

type Sponsor = SyncDoc<'sponsors_library'>;

const byName = (a: Sponsor, b: Sponsor) => a.name.localeCompare(b.name);

export function SponsorLibraryPage() {
  const library = useAdminRowsPulled('sponsors_library', byName);
  const eventSponsors = useAdminRowsPulled('event_sponsors');
  // Listed once both are in: 'Used in 0 event(s)' must not be said of a sponsor whose links are still arriving.
  const sponsors = eventSponsors ? library : undefined;
  const actions = useAdminActions();
  const editor = useListEditor(sponsors);
  const { mode, editing, close } = editor;

  const usage = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of eventSponsors ?? []) counts.set(row.sponsor_id, (counts.get(row.sponsor_id) ?? 0) + 1);
    return counts;
  }, [eventSponsors]);

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
        const patch = patchOf(mode.opened, fields);
        if (Object.keys(patch).length > 0) await actions.patch('sponsors_library', id, patch);
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
      editor.closeIfEditing(sponsor.id);
      toast.success('Sponsor deleted successfully');
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ListPageHeader title="Sponsor Library" addLabel="Add Sponsor" editor={editor} />

      {editor.formOpen ? <SponsorForm key={editor.formKey} sponsor={editing} onSave={save} onCancel={close} /> : null}

      <ListRows rows={sponsors} empty="No sponsors in library yet">
        {(sponsors) => (
          <CardGrid label="Sponsors">
            {sponsors.map((sponsor) => (
              <SponsorCard
                key={sponsor.id}
                sponsor={sponsor}
                usage={usage.get(sponsor.id) ?? 0}
                onEdit={() => editor.edit(sponsor.id)}
                onDelete={() => remove(sponsor)}
              />
            ))}
          </CardGrid>
        )}
      </ListRows>
    </div>
  );
}
