// The client IP, the key of both rate limits: the socket's peer address. X-Forwarded-For is read
// only behind a trusted proxy (TRUST_PROXY=1), and then its last entry, the one that proxy added:
// earlier entries are whatever the client chose to send. The limits key the address with
// clientKeyOf (../../client-key.ts): an IPv6 /64 is one client, and `::ffff:192.0.2.1`, what a
// dual-stack socket reports for an IPv4 peer, is 192.0.2.1.

import type { IncomingMessage } from "node:http";

export function clientIpOf(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = request.headers["x-forwarded-for"];
    const value = Array.isArray(header) ? header[header.length - 1] : header;
    if (value !== undefined) {
      const last = value.slice(value.lastIndexOf(",") + 1).trim();
      if (last !== "") return last;
    }
  }
  return request.socket.remoteAddress ?? "";
}
