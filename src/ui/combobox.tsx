/**
 * A text box that searches a long list of choices: the WAI-ARIA pattern "editable combobox with
 * list autocomplete" (Radix has no combobox). Typing narrows the list and marks its first match;
 * the arrow keys move through it, Enter or a click chooses, Escape closes it. The value is always
 * one of the choices: text that chose nothing goes back to the current choice's label when the box
 * loses focus or Escape is pressed. Focus stays in the box; the list's marked option is announced
 * through aria-activedescendant.
 */
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { cx } from '../lib/class-names.ts';

const CONTROL =
  'block w-full rounded-md border border-slate-300 bg-white py-2 pr-10 pl-3 text-sm text-ink placeholder:text-slate-500 ' +
  'aria-[invalid=true]:border-red-700 disabled:opacity-50';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown after the label, smaller ('Asia/Dubai' after 'Dubai — GST, UTC+4'). */
  detail?: string;
}

export interface ComboboxProps {
  /** The text box's id (its label's `htmlFor`) and the ids it is described by, from `Field`. */
  id: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  value: string;
  /** The current value's label, shown while the box is not being typed in. */
  valueLabel: string;
  /** The choices; only read while the list is open, so a caller may build them on opening. */
  options: readonly ComboboxOption[];
  /** The choices that match what was typed, best first. */
  search: (options: readonly ComboboxOption[], query: string) => readonly ComboboxOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Called as the list opens and closes. */
  onOpenChange?: (open: boolean) => void;
  /** Names the list ('Time zones'). */
  listLabel: string;
  /** Names the button that opens the list ('Show all time zones'). */
  toggleLabel: string;
  /** Said when nothing matches ('No time zone matches'). */
  noMatches: string;
}

export function Combobox({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ref,
  name,
  value,
  valueLabel,
  options,
  search,
  onChange,
  onBlur,
  onOpenChange,
  listLabel,
  toggleLabel,
  noMatches,
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  /** What the admin typed since the list opened; null while the box shows the current choice. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const shown = !open ? [] : query ? search(options, query) : options;
  const expanded = open && shown.length > 0;

  // The marked option stays in view as the arrow keys move it.
  useEffect(() => {
    if (!expanded || active < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from id
  }, [expanded, active, id]);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  /** Opens the whole list with the current choice marked (its index once the caller has built it). */
  const openList = () => {
    setOpenState(true);
    setQuery(null);
    setActive(-1);
  };

  const close = () => {
    setOpenState(false);
    setQuery(null);
    setActive(-1);
  };

  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    close();
  };

  // Opened without typing, the current choice is marked once the options are there.
  const marked = open && query === null && active < 0 ? shown.findIndex((option) => option.value === value) : active;

  const move = (step: 1 | -1) => {
    if (shown.length === 0) return;
    const from = marked < 0 ? (step === 1 ? -1 : shown.length) : marked;
    setActive(Math.min(shown.length - 1, Math.max(0, from + step)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (!open) return;
        // Choosing from the list does not submit the form around it.
        event.preventDefault();
        if (marked >= 0 && shown[marked]) choose(shown[marked]);
        else close();
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        ref={(element) => {
          inputRef.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && marked >= 0 ? optionId(marked) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        autoComplete="off"
        spellCheck={false}
        className={CONTROL}
        value={query ?? valueLabel}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          if (!open) setOpenState(true);
          setQuery(event.target.value);
          // The first match is marked, so that Enter takes it.
          setActive(event.target.value.trim() === '' ? -1 : 0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={toggleLabel}
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-600 hover:text-ink"
        // Keeps the focus in the text box.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (open) close();
          else openList();
          inputRef.current?.focus();
        }}
      >
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      {expanded ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {shown.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={option.value === value}
              className={cx(
                'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2',
                index === marked ? 'bg-slate-100' : null,
                option.value === value ? 'font-semibold' : null,
              )}
              // Keeps the focus in the text box; the click chooses.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => (index === active ? undefined : setActive(index))}
              onClick={() => choose(option)}
            >
              <span>{option.label}</span>
              {option.detail ? <span className="text-xs font-normal text-slate-600">{option.detail}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p
        role="status"
        className={
          open && !expanded
            ? 'absolute z-20 mt-1 w-full rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg'
            : 'sr-only'
        }
      >
        {open && !expanded ? noMatches : ''}
      </p>
    </div>
  );
}
