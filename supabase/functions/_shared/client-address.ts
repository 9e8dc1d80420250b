/**
 * The client a public function's caller is, for its limits per client address: the address it sends
 * from, an IPv6 address to its /64 (portable/address-key.ts), so that one host cannot step through
 * the addresses it was handed.
 *
 * Hosted Supabase serves functions behind Cloudflare, which sets CF-Connecting-IP to the address it
 * received the request from, replacing any the caller sent. Where it is absent, X-Forwarded-For's
 * last entry is read: the one the nearest proxy added; entries further left are whatever the caller
 * wrote. The local backend removes both from the request and sets them to the socket's address (or
 * the trusted proxies' word): server/functions/routes.ts.
 */
import { addressKey } from './portable/address-key.ts';

export function clientAddress(request: Request): string | null {
  const address =
    request.headers.get('cf-connecting-ip')?.trim() ||
    request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return address ? addressKey(address.slice(0, 100)) : null;
}
