/**
 * A progress bar on Radix (role progressbar with its value), with a visible label and percentage,
 * e.g. 'Fetching logos: 3 of 10' and '30%'. `value` runs from 0 to 100 (spec section 9).
 */
import { Progress as Radix } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface ProgressProps {
  /** 0 to 100; values outside are clamped. */
  value: number;
  label?: ReactNode;
  /** Show the rounded percentage beside the label (default true). */
  showPercentage?: boolean;
  className?: string;
}

export function Progress({ value, label, showPercentage = true, className }: ProgressProps) {
  const labelId = useId();
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  const percent = Math.round(clamped);
  return (
    <div className={cx('space-y-1', className)}>
      {label || showPercentage ? (
        <div className="flex items-center justify-between gap-4 text-sm text-slate-700">
          <span id={labelId}>{label}</span>
          {showPercentage ? <span aria-hidden="true">{percent}%</span> : null}
        </div>
      ) : null}
      <Radix.Root
        value={clamped}
        max={100}
        {...(label ? { 'aria-labelledby': labelId } : { 'aria-label': 'Progress' })}
        aria-valuetext={`${percent}%`}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <Radix.Indicator
          className="h-full bg-brand transition-transform duration-300"
          style={{ transform: `translateX(-${100 - clamped}%)` }}
        />
      </Radix.Root>
    </div>
  );
}

/** A long run's counter in its panel: '<what>: 12 of 40' with the bar and the percentage. */
export function RunProgress({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <Progress value={total === 0 ? 100 : (done / total) * 100} label={`${label}: ${done} of ${total}`} />
    </div>
  );
}
