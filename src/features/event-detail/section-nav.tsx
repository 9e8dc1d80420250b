/**
 * The sticky section nav of the event page: the spec's eight sections, always in the same order, the
 * one being read marked with aria-current. A section the event shows is a real in-page anchor (it
 * works without JavaScript and can be opened or copied) that scrolls smoothly instead of jumping; one
 * it does not show (no gallery yet, say) stays in the list as a disabled link: named, muted, not
 * focusable, and leading nowhere.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { cx } from '../../lib/class-names.ts';
import { SECTION_IDS, SECTION_LABELS, type SectionId } from './event-texts.ts';
import { scrollToSection } from './scroll.ts';
import { useScrollSpy } from './use-scroll-spy.ts';

const ITEM_CLASSES = 'block rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap';

export function SectionNav({ sections }: { sections: readonly SectionId[] }) {
  const { active, hold } = useScrollSpy(sections);
  const list = useRef<HTMLUListElement>(null);

  // On narrow screens the nav scrolls sideways: keep the active item in view.
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !item || container.scrollWidth <= container.clientWidth) return;
    const left = item.offsetLeft - container.offsetLeft;
    if (left < container.scrollLeft || left + item.offsetWidth > container.scrollLeft + container.clientWidth) {
      container.scrollTo({ left: Math.max(0, left - 16) });
    }
  }, [active]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: SectionId) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    hold(id);
    scrollToSection(id);
  };

  return (
    <nav
      id="event-section-nav"
      aria-label="Event sections"
      className="sticky top-16 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
      <ul ref={list} className="mx-auto flex max-w-[1300px] gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        {SECTION_IDS.map((id) => (
          <li key={id} className="shrink-0">
            {sections.includes(id) ? (
              <a
                href={`#${id}`}
                aria-current={active === id ? 'true' : undefined}
                onClick={(event) => onClick(event, id)}
                className={cx(
                  ITEM_CLASSES,
                  'transition-colors',
                  active === id ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
                )}
              >
                {SECTION_LABELS[id]}
              </a>
            ) : (
              <a role="link" aria-disabled="true" className={cx(ITEM_CLASSES, 'cursor-default text-slate-500')}>
                {SECTION_LABELS[id]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
