/** Looking up accounts of the auth service by e-mail address, with the service-role key. */
import { z } from 'zod';
import { requireEnv } from './env.ts';

const LOOKUP_PAGE_SIZE = 100;
const MAX_LOOKUP_PAGES = 50;

const AdminUserList = z.object({ users: z.array(z.object({ id: z.string(), email: z.string().nullish() })) });

/**
 * The id of the account with this e-mail address (lowercased), or null. supabase-js's `listUsers`
 * cannot filter, so this asks the auth admin API directly with its `filter` parameter (a substring
 * match, so longer addresses may match too) and compares exactly, page by page.
 */
export async function findUserIdByEmail(email: string): Promise<string | null> {
  const serviceKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };
  for (let page = 1; page <= MAX_LOOKUP_PAGES; page += 1) {
    const url = new URL(`${requireEnv('SUPABASE_URL')}/auth/v1/admin/users`);
    url.searchParams.set('filter', email);
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(LOOKUP_PAGE_SIZE));
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`listing users failed: ${response.status} ${await response.text()}`);
    const { users } = AdminUserList.parse(await response.json());
    const match = users.find((user) => user.email?.toLowerCase() === email);
    if (match) return match.id;
    if (users.length < LOOKUP_PAGE_SIZE) return null;
  }
  return null;
}
