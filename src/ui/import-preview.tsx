/**
 * The two halves of importing a list of people (the attendee import, the invitation list): the
 * preview of what each row will do before anything is written, and the report of what was done.
 */
import type { ReactNode } from 'react';

/** A row of the list: its number as a spreadsheet shows it, and the values the preview shows. */
export interface PreviewRow {
  row: number;
  values: { name?: string | undefined; email?: string | undefined; company?: string | undefined };
}

const COLUMNS = ['Row', 'Name', 'Email', 'Company', 'Result'];

/**
 * The preview table, named by `caption`, in a region named `label` that keyboard users can scroll;
 * `resultOf` says what importing a row will do.
 */
export function ImportPreview<R extends PreviewRow>({
  label,
  caption,
  rows,
  resultOf,
}: {
  label: string;
  caption: string;
  rows: readonly R[];
  resultOf(row: R): ReactNode;
}) {
  return (
    // Focusable so that keyboard users can scroll a long preview.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded border border-slate-200"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {COLUMNS.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.row}>
              <td className="px-3 py-2">{row.row}</td>
              <td className="px-3 py-2">{row.values.name}</td>
              <td className="px-3 py-2">{row.values.email}</td>
              <td className="px-3 py-2">{row.values.company}</td>
              <td className="px-3 py-2">{resultOf(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ReportList {
  /** A heading above the list, when there are several. */
  label?: string;
  entries: readonly { row: number; reason: string }[];
}

/** The report at the end of an import: `summary`, then the rows of each non-empty list with their reason. */
export function ImportReport({ summary, lists }: { summary: ReactNode; lists: readonly ReportList[] }) {
  return (
    <div role="status" className="space-y-2 rounded border border-slate-200 bg-slate-50 p-4 text-sm">
      <p className="font-semibold">{summary}</p>
      {lists.map((list, index) =>
        list.entries.length > 0 ? (
          <div key={list.label ?? index}>
            {list.label ? <p className="font-medium">{list.label}</p> : null}
            <ul className="list-disc pl-5 text-slate-700">
              {list.entries.map((entry) => (
                <li key={entry.row}>
                  Row {entry.row}: {entry.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}
