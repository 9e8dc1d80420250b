/**
 * The part of a client's address that one client controls, for limits per client address: an IPv4
 * address as it is, or the /64 network of an IPv6 address, since a single host is usually handed a
 * whole /64 and could rotate through it. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a
 * dual-stack socket reports it) is that IPv4 address. Portable: the local backend's sign-in limits and
 * the functions (which run on Deno when hosted) share it.
 */
export function addressKey(address: string | null | undefined): string {
  const trimmed = address?.trim().replace(/%.*$/, '').toLowerCase();
  if (!trimmed) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mapped) return mapped[1]!;
  if (!trimmed.includes(':')) return trimmed;
  const [head = '', tail] = trimmed.split('::');
  const groups = (part: string | undefined) =>
    (part ?? '')
      .split(':')
      .filter((group) => group !== '')
      .flatMap((group) => {
        if (!group.includes('.')) return [group];
        // An IPv4 tail (`::1.2.3.4`) fills the last two groups.
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
      });
  const front = groups(head);
  const back = groups(tail);
  const all = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
