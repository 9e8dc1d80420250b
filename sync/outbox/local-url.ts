/**
 * The placeholder URL a record holds while its file waits in the outbox: `/outbox/<id>`.
 *
 * Why a site-relative path and not a custom scheme such as `outbox:<id>`: the record is written
 * at once and replicates to the server before (or while) the file uploads, and the database
 * accepts only http(s) URLs and site-relative paths in URL columns (`private.is_safe_url`), so a
 * custom scheme would make the push fail. A path under `/outbox/` passes that check, never
 * names a real file of the site, and is recognised by `isLocalUrl` everywhere: the device holding
 * the file resolves it to an object URL of the stored bytes; any other device shows "uploading".
 */

export const LOCAL_URL_PREFIX = '/outbox/';

const ID = /^[0-9a-f]{32}$/;

/** A new outbox item id: 128 random bits as 32 hex digits. */
export function newOutboxId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function localUrlOf(id: string): string {
  return `${LOCAL_URL_PREFIX}${id}`;
}

/** The outbox item id a placeholder URL stands for, or null for any other URL. */
export function outboxIdOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(LOCAL_URL_PREFIX)) return null;
  const id = url.slice(LOCAL_URL_PREFIX.length);
  return ID.test(id) ? id : null;
}

/** True for a placeholder URL of a file that has not finished uploading. */
export function isLocalUrl(url: string | null | undefined): boolean {
  return outboxIdOf(url) !== null;
}
