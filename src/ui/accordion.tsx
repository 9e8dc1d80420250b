/**
 * A list of expandable items (WAI-ARIA accordion pattern): each header is a button with
 * aria-expanded and aria-controls; Arrow Up/Down, Home and End move between the buttons. One item
 * open at a time (pressing the open one closes it). Closed panels stay in the page, `hidden`, so
 * their text is in the server's HTML. Unlike Radix's, it measures nothing while it mounts: no
 * layout is forced during hydration.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

export interface AccordionItem {
  key: string;
  /** The button's content. */
  header: ReactNode;
  panel: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** The heading level that wraps each button. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

export function Accordion({ items, headingLevel = 3, className, buttonClassName, panelClassName }: AccordionProps) {
  const [open, setOpen] = useState<string | null>(null);
  const baseId = useId();
  const list = useRef<HTMLDivElement>(null);
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!NAVIGATION_KEYS.has(event.key)) return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[data-accordion-button]') ?? [])];
    const index = buttons.indexOf(event.currentTarget);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : (index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div ref={list} className={className}>
      {items.map((item, index) => {
        const expanded = open === item.key;
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.key} data-state={expanded ? 'open' : 'closed'}>
            <Heading>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                data-accordion-button=""
                data-state={expanded ? 'open' : 'closed'}
                onClick={() => setOpen(expanded ? null : item.key)}
                onKeyDown={onKeyDown}
                className={cx('group', buttonClassName)}
              >
                {item.header}
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={panelClassName}>
              {item.panel}
            </div>
          </div>
        );
      })}
    </div>
  );
}
