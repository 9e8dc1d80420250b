/**
 * The replications' identities are those the replicas on devices hold: a new one would start each
 * table again on every device (a full pull, and every document offered back to the server).
 */
import { describe, expect, it } from 'vitest';
import { TABLE_NAMES } from '../schema/types.ts';
import { replicationIdentifier } from './replications.ts';

describe('replication identifiers', () => {
  it('stay as replicas hold them: events since its version 3 (reminders and feedback), the other tables since their first', () => {
    const url = 'https://project.supabase.co';
    expect(Object.fromEntries(TABLE_NAMES.map((table) => [table, replicationIdentifier('admin', table, url)]))).toEqual(
      Object.fromEntries(
        TABLE_NAMES.map((table) => [table, `admin:${table}:${url}${table === 'events' ? ':v3' : ''}`]),
      ),
    );
    expect(replicationIdentifier('public', 'events', url)).toBe(`public:events:${url}:v3`);
  });
});
