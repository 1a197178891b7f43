import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIpOf } from "../../../../edge/adapters/node/client-ip.ts";

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } }) as unknown as IncomingMessage;

describe("client IP", () => {
  it("is the socket's peer address", () => {
    expect(clientIpOf(request("192.0.2.10"), false)).toBe("192.0.2.10");
  });
  it("ignores X-Forwarded-For unless the proxy is trusted", () => {
    expect(clientIpOf(request("192.0.2.10", "203.0.113.5"), false)).toBe("192.0.2.10");
  });
  it("behind a trusted proxy is the address that proxy appended, the last of X-Forwarded-For", () => {
    expect(clientIpOf(request("10.0.0.1", "198.51.100.99, 203.0.113.5"), true)).toBe("203.0.113.5");
  });
  it("behind a trusted proxy without X-Forwarded-For is the socket's address", () => {
    expect(clientIpOf(request("10.0.0.1"), true)).toBe("10.0.0.1");
  });
});
