/**
 * Live updates: one realtime channel with a postgres_changes binding per replicated table. A change
 * is only a signal to pull that table again: the pull by checkpoint is the source of truth, so
 * nothing depends on what the payload carries (realtime filters columns and rows by the
 * subscriber's rights, may merge bursts, and a hard delete carries only the key). The row's id and
 * stamp, when the payload has them, are passed on only so that a writer can skip the pull of a row
 * it already holds at that stamp (its own write coming back). Every time the
 * channel is joined, the first time and after each reconnect, everything is pulled again, because
 * changes made while the socket was away were never signalled.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { TableName } from '../schema/types.ts';

export type RealtimeState = 'connecting' | 'subscribed' | 'error' | 'closed';

export interface ChangedRow {
  id: string;
  /** The row's `_modified` as the payload spells it. */
  modified: string;
}

/** The id and stamp of the row in a postgres_changes payload, or null when it does not carry both. */
function changedRow(payload: { new?: Record<string, unknown> }): ChangedRow | null {
  const { id, _modified: modified } = payload.new ?? {};
  return typeof id === 'string' && typeof modified === 'string' ? { id, modified } : null;
}

export interface RealtimeWatchOptions {
  client: SupabaseClient;
  /** Channel topic; one per engine. */
  topic: string;
  tables: readonly TableName[];
  /**
   * A change of `table` was committed on the server; `row` is the id and `_modified` of the row as
   * the payload shows it, when it shows them (an insert or an update with those columns).
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
