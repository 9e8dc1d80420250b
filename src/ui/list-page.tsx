/**
 * What the back office's list pages (sponsors, tiers, testimonials, videos, attendees) share: the
 * state of their add/edit form, their header (title, actions, 'Add ...', 'Back' to the dashboard),
 * what they say while their rows load or when there are none, and their grid of cards.
 */
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from './button.tsx';

/**
 * closed, create (with the id the new row will get) or edit one row (spec section 4), with the row as
 * it was when its form opened.
 */
type FormMode<T> = { kind: 'closed' } | { kind: 'create'; id: string } | { kind: 'edit'; id: string; opened: T };

export interface ListEditor<T> {
  mode: FormMode<T>;
  /** The row the form edits: null while it adds one, when it is closed, or when the row went away. */
  editing: T | null;
  /**
   * The row as it was when the form opened, which the form's values started from: a save writes the
   * fields that differ from it, so that what another admin (or a bulk job) changed meanwhile in the
   * fields this one never touched is kept. Null when `editing` is.
   */
  opened: T | null;
  /** Whether the add/edit form shows. */
  formOpen: boolean;
  /** Changes whenever the form opens for another row (or a new one), so that it starts afresh. */
  formKey: string;
  /** The 'Add ...' button, which gets the focus back when the form closes. */
  addButton: RefObject<HTMLButtonElement | null>;
  create: () => void;
  edit: (id: string) => void;
  /** Closes the form and gives the focus back to 'Add ...'. */
  close: () => void;
  /** After a delete: closes the form if it edits that row. */
  closeIfEditing: (id: string) => void;
}

/** The add/edit form of a list page: which row it shows, if any. */
export function useListEditor<T extends { id: string }>(rows: readonly T[] | undefined): ListEditor<T> {
  const [mode, setMode] = useState<FormMode<T>>({ kind: 'closed' });
  const addButton = useRef<HTMLButtonElement>(null);
  const editing = mode.kind === 'edit' ? (rows?.find((row) => row.id === mode.id) ?? null) : null;
  return {
    mode,
    editing,
    opened: mode.kind === 'edit' && editing ? mode.opened : null,
    formOpen: mode.kind === 'create' || editing !== null,
    formKey: mode.kind === 'closed' ? 'closed' : mode.id,
    addButton,
    create: () => setMode({ kind: 'create', id: crypto.randomUUID() }),
    edit: (id) => {
      const row = rows?.find((candidate) => candidate.id === id);
      if (row) setMode({ kind: 'edit', id, opened: row });
    },
    close: () => {
      setMode({ kind: 'closed' });
      addButton.current?.focus();
    },
    closeIfEditing: (id) => {
      if (mode.kind === 'edit' && mode.id === id) setMode({ kind: 'closed' });
    },
  };
}

export interface ListPageHeaderProps {
  title: string;
  /** The add button's text, such as 'Add Video'. */
  addLabel: string;
  editor: Pick<ListEditor<unknown>, 'addButton' | 'create'>;
  /** Actions before 'Add ...'; with them the row of actions wraps on a narrow screen. */
  moreActions?: ReactNode;
}

/** The page's title, then its actions: the given ones, 'Add ...' and 'Back' to the dashboard. */
export function ListPageHeader({ title, addLabel, editor: { addButton, create }, moreActions }: ListPageHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className={moreActions ? 'flex flex-wrap gap-2' : 'flex gap-2'}>
        {moreActions}
        <Button ref={addButton} onClick={create}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {addLabel}
        </Button>
        <BackToDashboard />
      </div>
    </div>
  );
}

/** 'Back', to the back office's dashboard: the last action of every admin page's header. */
export function BackToDashboard() {
  return (
    <Button asChild variant="outline">
      <Link to="/admin">Back</Link>
    </Button>
  );
}

export interface ListRowsProps<R extends readonly unknown[]> {
  /** undefined while they load. */
  rows: R | undefined;
  /** What shows when there are none, such as 'No videos yet'. */
  empty: string;
  /** The list itself, given the rows once there are some. */
  children: (rows: R) => ReactNode;
}

/** 'Loading...', the text for no rows, or the list. */
export function ListRows<R extends readonly unknown[]>({ rows, empty, children }: ListRowsProps<R>) {
  if (rows === undefined) return <p className="text-slate-600">Loading...</p>;
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  return children(rows);
}

/** The grid of cards of a list page, named for assistive technology. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}
