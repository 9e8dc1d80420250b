/**
 * The sticky section nav of the event page: one link per section the event shows, the section being
 * read marked with aria-current. Links are real in-page anchors (they work without JavaScript and
 * can be opened or copied); a click scrolls smoothly instead of jumping.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { cx } from '../../lib/class-names.ts';
import { SECTION_LABELS, type SectionId } from './event-texts.ts';
import { scrollToSection } from './scroll.ts';
import { useScrollSpy } from './use-scroll-spy.ts';

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
        {sections.map((id) => (
          <li key={id} className="shrink-0">
            <a
              href={`#${id}`}
              aria-current={active === id ? 'true' : undefined}
              onClick={(event) => onClick(event, id)}
              className={cx(
                'block rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                active === id ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
              )}
            >
              {SECTION_LABELS[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
