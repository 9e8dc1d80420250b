/**
 * The address a public function's caller sends from, for its limits per client address.
 *
 * Hosted Supabase serves functions behind Cloudflare, which sets CF-Connecting-IP to the address it
 * received the request from, replacing any the caller sent; X-Forwarded-For keeps what the caller
 * wrote in front of the addresses the proxies add, so its first entry is the caller's to choose and
 * is read only where CF-Connecting-IP is absent. The local backend removes both from the request
 * and sets them to the socket's address (or the trusted proxies' word): server/functions/routes.ts.
 */
export function clientAddress(request: Request): string | null {
  const address =
    request.headers.get('cf-connecting-ip')?.trim() || request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return address ? address.slice(0, 100) : null;
}
