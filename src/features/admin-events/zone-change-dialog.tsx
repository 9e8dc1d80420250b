/**
 * The event form's question when an edit moves an event with sessions to another time zone (issue
 * 28): keep the clock times, or keep the moments.
 */
import { useId } from 'react';
import { zoneShortName } from '../../data/event-values.ts';
import type { ZoneChange } from '../../data/save-event.ts';
import { formatTimeOfDay } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { SessionDoc } from './admin-rows.ts';

interface ZoneChangeDialogProps {
  from: string;
  to: string;
  /** The event's sessions (at least one). */
  sessions: readonly SessionDoc[];
  busy: boolean;
  onChoose: (choice: ZoneChange) => void;
  onCancel: () => void;
}

/**
 * Asks what moving the event to another zone does to the times already set, with the first
 * session as the example: the same clock times in the new zone (the zone was wrong), or the same
 * moments (the clock times change).
 */
export function ZoneChangeDialog({ from, to, sessions, busy, onChoose, onCancel }: ZoneChangeDialogProps) {
  const clockId = useId();
  const momentsId = useId();
  const first = sessions.reduce((earliest, session) =>
    Date.parse(session.start_time) < Date.parse(earliest.start_time) ? session : earliest,
  );
  const [fromName, toName] = [zoneShortName(from), zoneShortName(to)];
  const count = sessions.length === 1 ? '1 session' : `${sessions.length} sessions`;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || busy ? undefined : onCancel())}
      title={`Change the time zone to ${toName}?`}
      description={`The event and its ${count} were set in ${fromName}.`}
    >
      <div className="space-y-4">
        <div className="space-y-1">
          <Button onClick={() => onChoose('keep-clock-times')} disabled={busy} aria-describedby={clockId}>
            Keep clock times
          </Button>
          <p id={clockId} className="text-sm text-slate-600">
            {`Start, end and sessions stay at the same times of day, now in ${toName}: "${first.title}" stays at ` +
              `${formatTimeOfDay(first.start_time, from)}. Choose this if the zone was wrong.`}
          </p>
        </div>
        <div className="space-y-1">
          <Button
            variant="outline"
            onClick={() => onChoose('keep-moments')}
            disabled={busy}
            aria-describedby={momentsId}
          >
            Keep the same moments
          </Button>
          <p id={momentsId} className="text-sm text-slate-600">
            {`They happen when they do now, and their clock times change: "${first.title}" moves from ` +
              `${formatTimeOfDay(first.start_time, from)} ${fromName} to ${formatTimeOfDay(first.start_time, to)} ${toName}.`}
          </p>
        </div>
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
