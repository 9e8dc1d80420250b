/** Tabs on Radix: arrow keys move between tabs, a disabled tab is skipped. */
import { Tabs as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  className?: string;
}

export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <Radix.Root
      className={className}
      {...(value === undefined ? {} : { value })}
      defaultValue={defaultValue ?? items[0]?.value}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <Radix.List aria-label={label} className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
        {items.map((item) => (
          <Radix.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled ?? false}
            className={cx(
              'rounded px-3 py-1.5 text-sm font-medium text-slate-700',
              'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
              'disabled:cursor-not-allowed disabled:opacity-50',
            )}
          >
            {item.label}
          </Radix.Trigger>
        ))}
      </Radix.List>
      {items.map((item) => (
        <Radix.Content key={item.value} value={item.value} className="mt-4">
          {item.content}
        </Radix.Content>
      ))}
    </Radix.Root>
  );
}
