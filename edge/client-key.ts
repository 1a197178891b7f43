// The key both rate limits count a client under, from its IP address. An IPv4 address is its own
// key. An IPv6 client is keyed by its /64: one subscriber is routinely given a whole /64 (RFC 6177,
// SLAAC privacy addresses rotate inside it), so keying whole addresses would hand one client 2^64
// separate limits and let it fill the limiter's table alone. An IPv4-mapped IPv6 address
// (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 peer) is the IPv4 client.
// Only web-standard code: the Netlify edge function keys its clients with this too.

/** Longest key kept for something that is not an IP address (a proxy's odd header): memory stays bounded. */
const MAX_OTHER_KEY_LENGTH = 64;

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function clientKeyOf(address: string): string {
  const trimmed = address.trim();
  // Most clients: an IPv4 address is its own key, with no IPv6 parse (which would also give none).
  if (IPV4.test(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (groups === null) return trimmed.slice(0, MAX_OTHER_KEY_LENGTH);
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address in any textual form (RFC 4291 section 2.2), or null. */
function ipv6Groups(text: string): number[] | null {
  // A zone (`fe80::1%eth0`) names the local interface, not the peer.
  const zone = text.indexOf("%");
  const end = zone === -1 ? text.length : zone;
  const groups: number[] = [];
  /** Where "::" stands for the missing zero groups (-1: none). */
  let gap = -1;
  let at = 0;
  if (text.startsWith("::")) {
    gap = 0;
    at = 2;
  }
  while (at < end) {
    const start = at;
    let value = 0;
    // At `end` stands the zone's "%" or nothing: neither is a hex digit nor a dot.
    for (let digit = hexValue(text.charCodeAt(at)); digit !== -1; digit = hexValue(text.charCodeAt(++at))) value = value * 16 + digit;
    if (text.charCodeAt(at) === DOT) {
      // A dotted quad (`::ffff:192.0.2.1`) is the last 32 bits.
      const quad = text.slice(start, end);
      if (!IPV4.test(quad)) return null;
      const [a, b, c, d] = quad.split(".").map(Number) as [number, number, number, number];
      groups.push((a << 8) | b, (c << 8) | d);
      break;
    }
    if (at === start || at - start > 4) return null;
    groups.push(value);
    if (at === end) break;
    if (text.charCodeAt(at) !== COLON || ++at === end) return null;
    if (text.charCodeAt(at) === COLON) {
      if (gap !== -1) return null;
      gap = groups.length;
      at++;
    }
  }
  if (gap === -1) return groups.length === 8 ? groups : null;
  if (groups.length > 7) return null;
  groups.splice(gap, 0, ...new Array<number>(8 - groups.length).fill(0));
  return groups;
}

const DOT = 0x2e;
const COLON = 0x3a;

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  return -1;
}
