/**
 * Live updates: one realtime channel with a postgres_changes binding per replicated table. A change
 * is only a signal to pull that table again: the pull by checkpoint is the source of truth, so
 * nothing here depends on what the payload carries (realtime filters columns and rows by the
 * subscriber's rights, may merge bursts, and a hard delete carries only the key). Every time the
 * channel is joined, the first time and after each reconnect, everything is pulled again, because
 * changes made while the socket was away were never signalled.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { TableName } from '../schema/types.ts';

export type RealtimeState = 'connecting' | 'subscribed' | 'error' | 'closed';

export interface RealtimeWatchOptions {
  client: SupabaseClient;
  /** Channel topic; one per engine. */
  topic: string;
  tables: readonly TableName[];
  /** A change of `table` was committed on the server. */
  onChange(table: TableName): void;
  /** The channel was (re)joined: pull everything. */
  onJoined(): void;
  onState?(state: RealtimeState, error?: Error): void;
}

/** Subscribes and returns a function that leaves the channel. */
export function watchRemoteChanges(options: RealtimeWatchOptions): () => Promise<void> {
  const channel: RealtimeChannel = options.client.channel(options.topic);
  for (const table of options.tables) {
    channel.on('postgres_changes', { event: '*', schema: 'public', table }, () => options.onChange(table));
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
