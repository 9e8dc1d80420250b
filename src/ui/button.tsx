/**
 * The button of the product, in a few looks. `asChild` renders the styles on the child element
 * (a router Link or an anchor) instead of a <button>, as Radix's Slot does.
 */
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names.ts';

const VARIANTS = {
  primary: 'bg-brand text-white hover:bg-brand-strong',
  secondary: 'bg-slate-100 text-ink hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-ink hover:bg-slate-50',
  ghost: 'text-ink hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  light: 'bg-white text-ink hover:bg-slate-100',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  asChild?: boolean;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md'): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root className={cx(buttonClasses(variant, size), className)} {...props} />;
  return <button type={type ?? 'button'} className={cx(buttonClasses(variant, size), className)} {...props} />;
}
