/**
 * 'Your pass': the guest's personal link as a QR code, drawn here from the link (no server is
 * asked), with a Print button; printed, the page holds the pass alone (guest-pass.css). Loaded on
 * demand by ./guest-pass-host.tsx.
 */
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { eventTimeZone, formatVenueDateTime } from '../../lib/venue-time.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { PassEvent } from './guest-pass-host.tsx';
import './guest-pass.css';

/** The quiet zone readers need around a code, in modules. */
const MARGIN = 4;

/** The SVG path of the code's dark modules, one unit square each. */
function modulesPath(link: string): { size: number; path: string } {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) squares.push(`M${column + MARGIN} ${row + MARGIN}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * MARGIN, path: squares.join('') };
}

export interface GuestPassDialogProps {
  /** The personal link, as the page was opened with it. */
  link: string;
  event: PassEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function GuestPassDialog({ link, event, open, onOpenChange }: GuestPassDialogProps) {
  const code = useMemo(() => modulesPath(link), [link]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Your pass"
      description={event.title}
      className="guest-pass max-w-sm"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="font-medium text-ink">{formatVenueDateTime(event.start_date, eventTimeZone(event))}</p>
        <svg
          role="img"
          aria-label="QR code of your personal link"
          viewBox={`0 0 ${code.size} ${code.size}`}
          shapeRendering="crispEdges"
          className="h-64 w-64 bg-white"
        >
          <rect width={code.size} height={code.size} fill="#ffffff" />
          <path d={code.path} fill="#000000" />
        </svg>
        <p className="text-sm text-slate-700">
          Show this code at the door, on your phone or printed. It is your personal link: please do not share it.
        </p>
        <Button size="lg" className="w-full print:hidden" onClick={() => window.print()}>
          Print
        </Button>
      </div>
    </Dialog>
  );
}
