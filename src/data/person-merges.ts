/**
 * One record per person (issue 32): likely duplicate attendee records, found in the admin's
 * replica, and their merge, which is one server transaction (`merge_attendees`, migration
 * 20261128000800) so that every link moves at once and reaches every replica as ordinary changes.
 * A merge can be undone for 24 hours. The merges themselves are in no replica (the admin's is at the
 * open-core RxDB's 13 collections) and are read online (docs/decisions/024-a-guest-across-the-series.md).
 */
import * as z from 'zod/mini';
import type { SyncDoc } from './admin-data.ts';
import { dataOf, useOnlineRead, type OnlineRead } from './online-read.ts';
import { getSupabase } from './supabase-client.ts';

/** How long a merge can be undone: the server's rule (undo_until = merged_at + 24 hours). */
export const MERGE_UNDO_HOURS = 24;

/** Domains that deliver to the same mailboxes as another. */
const ALIAS_DOMAINS: Readonly<Record<string, string>> = {
  'googlemail.com': 'gmail.com',
};

/**
 * The address reduced to what a mail system delivers by: lower case, no '+tag', no dots in the
 * local part, an alias domain as its main one.
 */
export function mailboxKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0]!.replaceAll('.', '');
  return `${base}@${ALIAS_DOMAINS[domain] ?? domain}`;
}

/** True when `a` becomes `b` by one inserted, deleted or replaced character. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j += 1;
  return Math.max(a.length, b.length) - i - j === 1;
}

const fold = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

type Person = Pick<SyncDoc<'attendees'>, 'id' | 'name' | 'email' | 'company'> & { registered_at?: string };

export interface DuplicatePair<P extends Person> {
  /** The record registered first: the one to keep unless the admin says otherwise. */
  older: P;
  newer: P;
  /** Why they look like one person. */
  reason: string;
}

/**
 * Pairs of records with the same name and company (any case and accents) whose addresses differ by
 * case, dots, a '+tag', an alias domain, or one edit. Oldest record first in each pair.
 */
export function likelyDuplicates<P extends Person>(people: readonly P[]): DuplicatePair<P>[] {
  const groups = new Map<string, P[]>();
  for (const person of people) {
    const key = `${fold(person.name)}|${fold(person.company)}`;
    const group = groups.get(key);
    if (group) group.push(person);
    else groups.set(key, [person]);
  }
  const pairs: DuplicatePair<P>[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => (a.registered_at ?? '').localeCompare(b.registered_at ?? '') || a.id.localeCompare(b.id));
    for (let i = 0; i < group.length; i += 1) {
      for (let j = i + 1; j < group.length; j += 1) {
        const [a, b] = [group[i]!, group[j]!];
        const [left, right] = [(a.email ?? '').trim().toLowerCase(), (b.email ?? '').trim().toLowerCase()];
        if (!left || !right) continue;
        const reason =
          mailboxKey(left) === mailboxKey(right)
            ? 'Same name and company; the addresses reach one mailbox'
            : oneEditApart(left, right)
              ? 'Same name and company; the addresses differ by one character'
              : null;
        if (reason) pairs.push({ older: a, newer: b, reason });
      }
    }
  }
  return pairs.sort((x, y) => x.older.name.localeCompare(y.older.name));
}

const mergeSchema = z.object({
  id: z.string(),
  kept_id: z.string(),
  removed_id: z.string(),
  removed_email: z.string(),
  removed_name: z.string(),
  merged_at: z.string(),
  undo_until: z.string(),
  undone_at: z.nullable(z.string()),
});
export type AttendeeMerge = z.infer<typeof mergeSchema>;

/** The merges of the last while (undone ones too), newest first, live. */
export function useAttendeeMerges(): { state: OnlineRead<AttendeeMerge[]>; reload: () => void } {
  return useOnlineRead(
    'attendee-merges',
    async () => {
      const client = await getSupabase();
      const answer = await client
        .from('attendee_merges')
        .select('id, kept_id, removed_id, removed_email, removed_name, merged_at, undo_until, undone_at')
        .order('merged_at', { ascending: false })
        .limit(200);
      return z.array(mergeSchema).parse(dataOf(answer));
    },
    async (changed) => {
      const client = await getSupabase();
      const channel = client
        .channel(`attendee-merges-${Math.random().toString(36).slice(2)}`)
        .on('postgres_changes', { event: '*', schema: 'public', table: 'attendee_merges' }, changed)
        .subscribe();
      return () => void client.removeChannel(channel);
    },
  );
}

/** Merges `removed` into `kept` on the server, in one transaction; resolves with the merge's id. */
export async function mergeAttendees(kept: string, removed: string): Promise<string> {
  const client = await getSupabase();
  return z.string().parse(dataOf(await client.rpc('merge_attendees', { kept, removed })));
}

/** Undoes a merge (within 24 hours of it). */
export async function undoAttendeeMerge(mergeId: string): Promise<void> {
  const client = await getSupabase();
  dataOf(await client.rpc('undo_attendee_merge', { merge_id: mergeId }));
}
