/**
 * Data tables: a real <table> (header cells with scope, an optional caption) that scrolls sideways
 * on narrow screens instead of squeezing its columns.
 */
import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names.ts';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="w-full overflow-x-auto rounded-md border border-slate-200">
      <table className={cx('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cx('px-4 py-2 text-left text-sm text-slate-600', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cx('bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cx('divide-y divide-slate-200', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cx('align-middle hover:bg-slate-50/60', className)} {...props} />;
}

/** A column header (`scope="col"` unless told otherwise). */
export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cx('border-b border-slate-200 px-4 py-3 font-semibold whitespace-nowrap text-slate-700', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cx('px-4 py-3 text-ink', className)} {...props} />;
}
