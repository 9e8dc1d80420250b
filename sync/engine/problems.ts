/**
 * What went wrong, for the status and the error list: transient problems (network, server, auth,
 * a full disk), each kept under one key per kind and table until the next success replaces it, and
 * the writes the server refused for good, kept in the meta store with their data until dismissed.
 */
import { BehaviorSubject, combineLatest, map, shareReplay, type Observable } from 'rxjs';
import { errorMessage } from '../error-message.ts';
import type { MetaStore, RefusalRecord } from '../meta-store.ts';
import { ParentNotYetPushed, SyncRequestError, isQuotaError } from '../replication/errors.ts';
import type { TableName } from '../schema/types.ts';
import type { SyncErrorEntry } from './types.ts';

export function nowIso(): string {
  return new Date().toISOString();
}

export class ProblemLog {
  /** The current transient problems by key (`<kind>:<table or *>`). */
  readonly transient = new BehaviorSubject<Map<string, SyncErrorEntry>>(new Map());
  /** Refused writes, then current transient problems. */
  readonly list$: Observable<SyncErrorEntry[]>;

  constructor(private readonly meta: Pick<MetaStore, 'refusals$' | 'deleteRefusal' | 'clearRefusals'>) {
    const refusals$ = meta.refusals$().pipe(
      map((records: RefusalRecord[]) =>
        records.map((record): SyncErrorEntry => ({
          key: record.key,
          kind: 'refused',
          message: record.message,
          table: record.table,
          id: record.docId,
          code: record.code,
          local: record.local,
          at: record.at,
        })),
      ),
    );
    this.list$ = combineLatest([refusals$, this.transient]).pipe(
      map(([refused, current]) => [...refused, ...current.values()]),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  report(kind: SyncErrorEntry['kind'], message: string, table?: TableName): void {
    const next = new Map(this.transient.value);
    const key = `${kind}:${table ?? '*'}`;
    next.set(key, { key, kind, message, ...(table ? { table } : {}), at: nowIso() });
    this.transient.next(next);
  }

  /** A request for `table` went through: its problems are over (a full disk is not). */
  clearTable(table: TableName): void {
    const current = this.transient.value;
    const next = new Map([...current].filter(([, entry]) => entry.table !== table || entry.kind === 'quota'));
    if (next.size !== current.size) this.transient.next(next);
  }

  clearKey(key: string): void {
    if (!this.transient.value.has(key)) return;
    const next = new Map(this.transient.value);
    next.delete(key);
    this.transient.next(next);
  }

  /** Files a failure under its kind; bound, so it can be handed to `.catch`. */
  readonly reportFailure = (error: unknown, table?: TableName): void => {
    if (error instanceof ParentNotYetPushed) return;
    if (isQuotaError(error)) this.report('quota', 'The device is out of storage space: ' + errorMessage(error), table);
    else if (error instanceof SyncRequestError) this.report(error.kind, error.message, table);
    else this.report('unknown', errorMessage(error), table);
  };

  /** Runs a local write, surfacing a full disk in the status before passing the error on. */
  readonly guarded = async <R>(write: () => Promise<R>): Promise<R> => {
    try {
      return await write();
    } catch (error) {
      if (isQuotaError(error)) this.reportFailure(error);
      throw error;
    }
  };

  async dismiss(key: string): Promise<void> {
    if (this.transient.value.has(key)) this.clearKey(key);
    else await this.meta.deleteRefusal(key);
  }

  async clear(): Promise<void> {
    this.transient.next(new Map());
    await this.meta.clearRefusals();
  }

  close(): void {
    this.transient.complete();
  }
}
