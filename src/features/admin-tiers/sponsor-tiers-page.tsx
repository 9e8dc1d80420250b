/**
 * Admin: Sponsor Tiers (spec section 2). Tiers colour the sponsors of an event page and set their
 * order; moving one swaps display_order with its neighbour (spec section 4).
 */
import { patchOf } from '../../data/patch-of.ts';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useAdminActions, useAdminRowsPulled, type SyncDoc } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ListPageHeader, ListRows, useListEditor } from '../../ui/list-page.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { cssColour } from './tier-colour.ts';
import { TierForm, type TierFormValues } from './tier-form.tsx';
import { moveInDisplayOrder } from '../../data/event-values.ts';
import { byDisplayOrder, nextDisplayOrder } from './tier-order.ts';
import { moveButtonId, refocusMoveButton } from '../../ui/move-focus.ts';

type Tier = SyncDoc<'sponsor_tiers'>;

/** The server's refusal, shown before trying. */
const TIER_IN_USE = 'Tier is used by event sponsors';

export function SponsorTiersPage() {
  const allTiers = useAdminRowsPulled('sponsor_tiers', byDisplayOrder);
  const eventSponsors = useAdminRowsPulled('event_sponsors');
  // Listed once both are in: a tier's Delete must not be offered while its uses are still arriving.
  const tiers = eventSponsors ? allTiers : undefined;
  const actions = useAdminActions();
  const editor = useListEditor(tiers);
  const { mode, editing, close } = editor;
  const moving = useRef(false);

  // The server refuses to delete a tier that live event sponsors use: say so before trying.
  const usedTiers = useMemo(() => new Set((eventSponsors ?? []).map((row) => row.tier_id)), [eventSponsors]);

  async function save(values: TierFormValues) {
    try {
      if (mode.kind === 'create') {
        // From the tiers themselves: their list waits for the event sponsors too, and a tier added
        // before those arrive still goes last.
        await actions.insert('sponsor_tiers', { ...values, display_order: nextDisplayOrder(allTiers ?? []) });
        toast.success('Tier created successfully');
      } else if (mode.kind === 'edit') {
        const patch = patchOf(mode.opened, values);
        if (Object.keys(patch).length > 0) await actions.patch('sponsor_tiers', mode.id, patch);
        toast.success('Tier updated successfully');
      }
      close();
    } catch (error) {
      toastError(error);
    }
  }

  async function move(index: number, direction: -1 | 1) {
    const tier = tiers?.[index];
    if (!tiers || !tier || moving.current) return;
    moving.current = true;
    try {
      for (const change of moveInDisplayOrder(tiers, index, direction)) {
        await actions.patch('sponsor_tiers', change.id, { display_order: change.display_order });
      }
    } catch (error) {
      toastError(error);
    } finally {
      moving.current = false;
    }
    refocusMoveButton('tier', tier.id, direction);
  }

  async function remove(tier: Tier) {
    try {
      await actions.remove('sponsor_tiers', tier.id);
      editor.closeIfEditing(tier.id);
      toast.success('Tier deleted successfully');
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ListPageHeader title="Sponsor Tiers" addLabel="Add Tier" editor={editor} />

      {editor.formOpen ? <TierForm key={editor.formKey} tier={editing} onSave={save} onCancel={close} /> : null}

      <ListRows rows={tiers} empty="No sponsor tiers yet">
        {(tiers) => (
          <ol
            aria-label="Sponsor tiers"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {tiers.map((tier, index) => (
              <li key={tier.id} className="flex flex-wrap items-center gap-4 p-4">
                <span
                  aria-hidden="true"
                  className="h-10 w-10 shrink-0 rounded-md border border-slate-300"
                  style={{ backgroundColor: cssColour(tier.color) }}
                />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold break-words">{tier.name}</h3>
                  <p className="font-mono text-sm text-slate-600">{tier.color}</p>
                  {usedTiers.has(tier.id) ? (
                    <p id={`tier-${tier.id}-in-use`} className="text-xs text-slate-600">
                      {TIER_IN_USE}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    id={moveButtonId('tier', tier.id, -1)}
                    aria-label={`Move ${tier.name} up`}
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    id={moveButtonId('tier', tier.id, 1)}
                    aria-label={`Move ${tier.name} down`}
                    disabled={index === tiers.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Edit ${tier.name}`}
                    onClick={() => editor.edit(tier.id)}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  {usedTiers.has(tier.id) ? (
                    <Button
                      variant="destructive"
                      size="icon"
                      disabled
                      aria-label={`Delete ${tier.name}`}
                      aria-describedby={`tier-${tier.id}-in-use`}
                      title={TIER_IN_USE}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button variant="destructive" size="icon" aria-label={`Delete ${tier.name}`}>
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                        </Button>
                      }
                      title="Delete this tier?"
                      description={`The ${tier.name} tier will be deleted.`}
                      confirmLabel="Delete"
                      onConfirm={() => remove(tier)}
                    />
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </ListRows>
    </div>
  );
}
