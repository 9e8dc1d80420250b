/**
 * Live updates: one realtime channel with a postgres_changes binding per replicated table. A change
 * signals a pull of that table: the pull by checkpoint is the source of truth (realtime filters
 * columns and rows by the subscriber's rights, may merge bursts, and a hard delete carries only the
 * key). The row the payload carries, when it carries one, is passed on with its id and stamp: a
 * writer skips a row it already holds at that stamp (its own write coming back), and a replica
 * writes a whole row at once, ahead of the pull that confirms it (live-rows.ts). Every time
 * the channel is joined, the first time and after each reconnect, everything is pulled again,
 * because changes made while the socket was away were never signalled.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { TableName } from '../schema/types.ts';
import { LINK_TABLES, REMOVED_LINKS } from './pull.ts';

export type RealtimeState = 'connecting' | 'subscribed' | 'error' | 'closed';

export interface ChangedRow {
  id: string;
  /** The row's `_modified` as the payload spells it. */
  modified: string;
  /** The row as the payload carries it: the columns this subscriber may read, maybe not all. */
  record: Record<string, unknown>;
}

/** The row in a postgres_changes payload, or null when it does not carry its id and stamp. */
function changedRow(payload: { new?: Record<string, unknown> }): ChangedRow | null {
  const record = payload.new ?? {};
  const { id, _modified: modified } = record;
  return typeof id === 'string' && typeof modified === 'string' ? { id, modified, record } : null;
}

export interface RealtimeWatchOptions {
  client: SupabaseClient;
  /** Channel topic; one per engine. */
  topic: string;
  tables: readonly TableName[];
  /**
   * Also follow `removed_links`, for a subscriber that reads no tombstone of a link table (anon, a
   * non-admin): a link taken off then shows as a change of its table, with no row.
   */
  removals?: boolean;
  /**
   * A change of `table` was committed on the server; `row` is the row as the payload shows it, when
   * it shows its id and `_modified` (an insert or an update with those columns).
   */
  onChange(table: TableName, row: ChangedRow | null): void;
  /** The channel was (re)joined: pull everything. */
  onJoined(): void;
  onState?(state: RealtimeState, error?: Error): void;
}

/** Subscribes and returns a function that leaves the channel. */
export function watchRemoteChanges(options: RealtimeWatchOptions): () => Promise<void> {
  const channel: RealtimeChannel = options.client.channel(options.topic);
  for (const table of options.tables) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) =>
      options.onChange(table, changedRow(payload)),
    );
  }
  if (options.removals) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table: REMOVED_LINKS }, (payload) => {
      const table = (payload.new as { table_name?: unknown } | undefined)?.table_name;
      const link = LINK_TABLES.find((name) => name === table);
      if (link && options.tables.includes(link)) options.onChange(link, null);
    });
  }
  options.onState?.('connecting');
  channel.subscribe((status, error) => {
    if (status === 'SUBSCRIBED') {
      options.onState?.('subscribed');
      options.onJoined();
    } else if (status === 'CLOSED') {
      options.onState?.('closed');
    } else {
      options.onState?.('error', error);
    }
  });
  return async () => {
    await options.client.removeChannel(channel);
  };
}
