/**
 * An event's sponsors (spec section 2, "Sponsors tab"): attach a library sponsor not yet on the
 * event with a tier (a new one goes last: display_order = current maximum + 1), reorder by swapping
 * display_order with the neighbour, remove. Each row is tinted with its tier's colour.
 */
import { ArrowDown, ArrowUp, ExternalLink, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAdminActions, useAdminRows, useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { moveInDisplayOrder, nextDisplayOrder } from '../../data/event-values.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Select } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { byDisplayOrder } from './admin-rows.ts';
import { moveButtonId, refocusMoveButton } from '../../ui/move-focus.ts';

type SponsorDoc = SyncDoc<'sponsors_library'>;
type TierDoc = SyncDoc<'sponsor_tiers'>;
type EventSponsorDoc = SyncDoc<'event_sponsors'>;

const sponsorsByName = (a: SponsorDoc, b: SponsorDoc) => a.name.localeCompare(b.name);
const tiersByOrder = byDisplayOrder<TierDoc>;
const eventSponsorsByOrder = byDisplayOrder<EventSponsorDoc>;

/**
 * A tier colour as CSS: stored colours may be bare HSL components ('45 93% 47%', the form the
 * original theme used), which CSS reads only inside hsl().
 */
export function tierColourCss(colour: string | undefined): string {
  if (!colour) return '#64748b';
  return /^[0-9.]+(deg)? [0-9.]+% [0-9.]+%$/.test(colour) ? `hsl(${colour})` : colour;
}

export function EventSponsorsTab({ eventId }: { eventId: string }) {
  const sponsors = useAdminRows('sponsors_library', sponsorsByName);
  const tiers = useAdminRows('sponsor_tiers', tiersByOrder);
  const allAttached = useAdminRows('event_sponsors', eventSponsorsByOrder);
  const { insert, patch, remove } = useAdminActions();
  const [formOpen, setFormOpen] = useState(false);
  const [sponsorId, setSponsorId] = useState('');
  const [tierId, setTierId] = useState('');

  const attached = useMemo(() => (allAttached ?? []).filter((row) => row.event_id === eventId), [allAttached, eventId]);
  const sponsorById = useMemo(() => new Map((sponsors ?? []).map((sponsor) => [sponsor.id, sponsor])), [sponsors]);
  const tierById = useMemo(() => new Map((tiers ?? []).map((tier) => [tier.id, tier])), [tiers]);
  const available = useMemo(() => {
    const taken = new Set(attached.map((row) => row.sponsor_id));
    return (sponsors ?? []).filter((sponsor) => !taken.has(sponsor.id));
  }, [sponsors, attached]);

  const resetForm = () => {
    setSponsorId('');
    setTierId('');
  };

  const attach = async () => {
    // Spec section 5: attaching needs both a sponsor and a tier, otherwise nothing happens.
    if (!sponsorId || !tierId) return;
    try {
      await insert('event_sponsors', {
        event_id: eventId,
        sponsor_id: sponsorId,
        tier_id: tierId,
        display_order: nextDisplayOrder(attached),
      });
      resetForm();
      setFormOpen(false);
      toast.success('Sponsor attached successfully');
    } catch (error) {
      toastError(error);
    }
  };

  const move = async (index: number, direction: -1 | 1) => {
    const writes = moveInDisplayOrder(attached, index, direction);
    const moved = attached[index];
    if (writes.length === 0 || !moved) return;
    try {
      for (const write of writes) await patch('event_sponsors', write.id, { display_order: write.display_order });
    } catch (error) {
      toastError(error);
    }
    refocusMoveButton('event-sponsor', moved.id, direction);
  };

  const detach = async (id: string) => {
    try {
      await remove('event_sponsors', id);
      toast.success('Sponsor removed from event');
    } catch (error) {
      toastError(error);
    }
  };

  if (!sponsors || !tiers || !allAttached) return <p className="text-slate-600">Loading...</p>;

  return (
    <div className="space-y-4">
      <Button
        variant={formOpen ? 'outline' : 'primary'}
        onClick={() => {
          resetForm();
          setFormOpen(!formOpen);
        }}
      >
        {formOpen ? 'Cancel' : 'Attach Sponsor'}
      </Button>
      {formOpen ? (
        <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-4">
          <Field label="Sponsor" className="min-w-56 flex-1">
            {(ids) => (
              <Select {...ids} value={sponsorId} onChange={(change) => setSponsorId(change.target.value)}>
                <option value="">Select a sponsor</option>
                {available.map((sponsor) => (
                  <option key={sponsor.id} value={sponsor.id}>
                    {sponsor.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Tier" className="min-w-40">
            {(ids) => (
              <Select {...ids} value={tierId} onChange={(change) => setTierId(change.target.value)}>
                <option value="">Select a tier</option>
                {tiers.map((tier) => (
                  <option key={tier.id} value={tier.id}>
                    {tier.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button onClick={() => void attach()}>Attach</Button>
        </div>
      ) : null}
      {attached.length === 0 ? (
        <p className="text-slate-600">No sponsors attached to this event yet</p>
      ) : (
        <ul className="space-y-2" aria-label="Event sponsors">
          {attached.map((row, index) => (
            <AttachedSponsor
              key={row.id}
              id={row.id}
              sponsor={sponsorById.get(row.sponsor_id)}
              tier={tierById.get(row.tier_id)}
              first={index === 0}
              last={index === attached.length - 1}
              onMove={(direction) => void move(index, direction)}
              onRemove={() => void detach(row.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

interface AttachedSponsorProps {
  /** The event_sponsors row's id. */
  id: string;
  sponsor: SponsorDoc | undefined;
  tier: TierDoc | undefined;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

function AttachedSponsor({ id, sponsor, tier, first, last, onMove, onRemove }: AttachedSponsorProps) {
  const logo = useImageUrl(sponsor?.logo_url);
  const name = sponsor?.name ?? 'Unknown sponsor';
  const colour = tierColourCss(tier?.color);
  return (
    <li
      className="flex items-center gap-4 rounded-lg border-l-4 p-3"
      // A light tint of the tier colour keeps dark text readable whatever the colour is.
      style={{ borderLeftColor: colour, backgroundColor: `color-mix(in srgb, ${colour} 12%, white)` }}
    >
      <div className="flex h-12 w-20 shrink-0 items-center justify-center rounded bg-white">
        {logo ? (
          <img src={logo} alt={`${name} logo`} className="max-h-10 max-w-16 object-contain" />
        ) : (
          <span className="text-xs text-slate-600">No logo</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-slate-700">{tier?.name ?? 'Unknown tier'}</p>
        {sponsor?.website ? (
          <a
            href={sponsor.website}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-brand-strong underline"
          >
            {sponsor.website}
            <ExternalLink aria-hidden="true" className="h-3 w-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          id={moveButtonId('event-sponsor', id, -1)}
          aria-label={`Move ${name} up`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          id={moveButtonId('event-sponsor', id, 1)}
          aria-label={`Move ${name} down`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Remove ${name} from event`} onClick={onRemove}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}
