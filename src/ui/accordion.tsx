/**
 * A list of expandable items (WAI-ARIA accordion pattern): each header is a button with
 * aria-expanded and aria-controls; Arrow Up/Down, Home and End move between the buttons. One item
 * open at a time (pressing the open one closes it), or any number with `multiple`. Closed panels stay
 * in the page, `hidden`, so that their text is in the server's HTML, unless `renderClosed` is false
 * (heavy panels). Unlike Radix's, it measures nothing while it mounts: no layout is forced during
 * hydration.
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
  /** Any number of items open at once (else one). */
  multiple?: boolean;
  /** Whether a closed panel's content is rendered (hidden); false renders it only once opened. */
  renderClosed?: boolean;
  /** The heading level that wraps each button. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  itemClassName?: string;
  buttonClassName?: string;
  panelClassName?: string;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

export function Accordion({
  items,
  multiple = false,
  renderClosed = true,
  headingLevel = 3,
  className,
  itemClassName,
  buttonClassName,
  panelClassName,
}: AccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(multiple ? current : [...current].filter((openKey) => openKey === key));
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
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
        const expanded = open.has(item.key);
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.key} data-state={expanded ? 'open' : 'closed'} className={itemClassName}>
            <Heading>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                data-accordion-button=""
                data-state={expanded ? 'open' : 'closed'}
                onClick={() => toggle(item.key)}
                onKeyDown={onKeyDown}
                className={cx('group', buttonClassName)}
              >
                {item.header}
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={panelClassName}>
              {expanded || renderClosed ? item.panel : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
