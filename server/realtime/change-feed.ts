/**
 * The change feed: installs the local-only capture (capture.sql) and turns its NOTIFYs into one
 * ordered stream of table changes. Postgres delivers notifications in commit order, and the feed
 * hands them on in batches, one batch at a time, so subscribers see every table's changes in
 * commit order. A notification carries keys only; delivery.ts reads the rows.
 *
 * Hosted Supabase reads the write-ahead log instead, and only for tables in publication
 * supabase_realtime; the capture follows the same publication, looked at again when a join names
 * a table the feed does not capture yet.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { logError } from '../log.ts';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface TableChange {
  /** Position in the feed, which is commit order. */
  seq: number;
  schema: string;
  table: string;
  type: ChangeType;
  /** Primary key of the row after the change (INSERT, UPDATE). */
  key: Record<string, unknown> | null;
  /** Primary key of the row before the change (UPDATE, DELETE). */
  oldKey: Record<string, unknown> | null;
  /** When the row was written (UTC, milliseconds), as Supabase formats `commit_timestamp`. */
  commitTimestamp: string;
}

export const CHANGES_CHANNEL = 'realtime_local_changes';
const CAPTURE_SQL = new URL('./capture.sql', import.meta.url);
/** Most changes handed on at once; the rest wait for the next batch. */
const MAX_BATCH = 500;

const notificationSchema = z.object({
  schema: z.string(),
  table: z.string(),
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  key: z.record(z.string(), z.unknown()).nullable().optional(),
  old_key: z.record(z.string(), z.unknown()).nullable().optional(),
  at: z.string(),
  too_large: z.boolean().optional(),
});

export interface ChangeFeedHandlers {
  /** Called with each batch, in order; the next batch waits until it resolves. */
  onChanges(changes: TableChange[]): Promise<void>;
  /** Notifications may have been lost (the listening connection dropped and came back). */
  onGap(): void;
}

export class ChangeFeed {
  private pending: TableChange[] = [];
  private draining: Promise<void> | null = null;
  private seq = 0;
  private published = new Set<string>();
  private syncing: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(
    private readonly db: Database,
    private readonly handlers: ChangeFeedHandlers,
  ) {}

  /** Installs the capture on the published tables and starts listening. */
  static async start(db: Database, handlers: ChangeFeedHandlers): Promise<ChangeFeed> {
    const feed = new ChangeFeed(db, handlers);
    await db.exec(await readFile(CAPTURE_SQL, 'utf8'));
    await feed.syncCapture();
    feed.unlisten = await db.listen(
      CHANGES_CHANNEL,
      (payload) => feed.receive(payload),
      () => handlers.onGap(),
    );
    return feed;
  }

  /**
   * True when changes of this table are captured: it is in publication supabase_realtime. A table
   * published since the last look gets its capture now (a cheap catalog read when it is not).
   */
  async captures(schema: string, table: string | null): Promise<boolean> {
    if (this.knows(schema, table)) return true;
    const { rows } = await this.db.query<{ published: boolean }>(
      `select exists (
         select 1 from pg_catalog.pg_publication_tables
          where pubname = 'supabase_realtime' and schemaname = $1 and ($2::text is null or tablename = $2::text)
       ) as published`,
      [schema, table],
    );
    if (!rows[0]?.published) return false;
    this.syncing ??= this.syncCapture().finally(() => {
      this.syncing = null;
    });
    await this.syncing;
    return this.knows(schema, table);
  }

  private knows(schema: string, table: string | null): boolean {
    if (table !== null) return this.published.has(`${schema}\u0000${table}`);
    return [...this.published].some((name) => name.startsWith(`${schema}\u0000`));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.pending = [];
    await this.draining;
  }

  private async syncCapture(): Promise<void> {
    const { rows } = await this.db.query<{ schema_name: string; table_name: string }>(
      'select schema_name, table_name from realtime_local.sync_capture()',
    );
    this.published = new Set(rows.map((row) => `${row.schema_name}\u0000${row.table_name}`));
  }

  private receive(payload: string): void {
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(payload));
    } catch (error) {
      logError(`realtime: unreadable change notification ${payload.slice(0, 200)}: ${String(error)}`);
      return;
    }
    if (parsed.too_large) {
      logError(`realtime: a ${parsed.type} on ${parsed.schema}.${parsed.table} has a primary key too long to notify`);
      return;
    }
    this.seq += 1;
    this.pending.push({
      seq: this.seq,
      schema: parsed.schema,
      table: parsed.table,
      type: parsed.type,
      key: parsed.key ?? null,
      oldKey: parsed.old_key ?? null,
      commitTimestamp: parsed.at,
    });
    this.scheduleDrain();
  }

  /**
   * Drains on a later turn: notifications arrive while the writer's commit is still on the stack
   * (PGlite), and changes committed together then travel in one batch.
   */
  private scheduleDrain(): void {
    if (this.draining) return;
    this.draining = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.draining = null;
        if (this.pending.length > 0) this.scheduleDrain();
      });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        await this.handlers.onChanges(batch);
      } catch (error) {
        logError(
          `realtime: delivering ${batch.length} change(s) failed: ${error instanceof Error ? error.stack : String(error)}`,
        );
      }
    }
  }
}
