/**
 * An image URL as public pages show it: null for none, and for an upload's placeholder
 * (`/outbox/<id>`, sync/outbox/local-url.ts). An admin's record holds the placeholder, and the
 * server has it too, while the file is still on its way from the admin's device; no visitor's
 * device can show it, so the page shows what it shows for no image until the real URL arrives.
 */
import { outboxIdOf } from '../../sync/outbox/local-url.ts';

export function shownImage(url: string | null | undefined): string | null {
  if (!url || url.trim() === '' || outboxIdOf(url.trim()) !== null) return null;
  return url;
}
