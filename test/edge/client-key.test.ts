import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientKeyOf } from "../../edge/client-key.ts";

const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
const full = (values: number[]) => values.map((value) => value.toString(16)).join(":");
/** The WHATWG URL parser's canonical text of an address (compressed, lower case): an independent formatter. */
const canonical = (address: string) => new URL(`http://[${address}]/`).hostname.slice(1, -1);

describe("client key", () => {
  it("an IPv4 address is its own key", () => {
    expect(clientKeyOf("192.0.2.10")).toBe("192.0.2.10");
  });
  it("an IPv6 address is keyed by its /64, whatever its spelling", () => {
    expect(clientKeyOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
  it("an IPv4-mapped IPv6 address, dotted or in hex, is its IPv4 address", () => {
    expect(clientKeyOf("::ffff:192.0.2.10")).toBe("192.0.2.10");
    expect(clientKeyOf("::FFFF:c000:20a")).toBe("192.0.2.10");
    expect(clientKeyOf("0:0:0:0:0:ffff:192.0.2.10")).toBe("192.0.2.10");
  });
  it("an address is read with the spaces around it left out", () => {
    expect(clientKeyOf(" 192.0.2.10 ")).toBe("192.0.2.10");
    expect(clientKeyOf(" 2001:db8:1:2::1\n")).toBe("2001:db8:1:2::/64");
  });
  it("only ::ffff:0:0/96 is an IPv4-mapped address: a nonzero group before ffff makes an IPv6 client", () => {
    for (const [address, key] of [
      ["1::ffff:c000:20a", "1:0:0:0::/64"],
      ["0:1::ffff:c000:20a", "0:1:0:0::/64"],
      ["0:0:1::ffff:c000:20a", "0:0:1:0::/64"],
      ["0:0:0:1::ffff:c000:20a", "0:0:0:1::/64"],
      ["0:0:0:0:1:ffff:c000:20a", "0:0:0:0::/64"],
      ["::fffe:c000:20a", "0:0:0:0::/64"],
    ]) {
      expect(clientKeyOf(address!), address).toBe(key);
    }
  });
  it("a mapped address's dotted tail is an IPv4 address, each part 0 to 255", () => {
    for (const tail of ["192.0.2.255", "192.0.2.249", "192.0.2.199", "192.0.2.9", "192.0.2.10", "250.200.100.0"]) expect(clientKeyOf(`::ffff:${tail}`), tail).toBe(tail);
    for (const address of ["::ffff:192.0.2.256", "::ffff:192.0.2", "::ffff:192.0.2.1.5", "::ffff:192.0.02.1"]) expect(clientKeyOf(address), address).toBe(address);
  });
  it("a group of no digit, of more than four, or of a letter past f, is no address", () => {
    for (const address of ["1:::2", "12345::1", "1::g", "1::G", "fe80::1x2", "1:2:3:4::5:6:7:8", "1:2:3:4:5:6:7:", "::ffff:c000:20a:"]) expect(clientKeyOf(address), address).toBe(address);
  });
  it("other IPv6 forms with a dotted tail are IPv6 clients", () => {
    expect(clientKeyOf("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
  it("something that is not an address is kept as it is, cut to 64 characters", () => {
    expect(clientKeyOf("unknown")).toBe("unknown");
    expect(clientKeyOf("1::2::3")).toBe("1::2::3");
    expect(clientKeyOf("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(clientKeyOf("x".repeat(10_000))).toHaveLength(64);
  });
  it("an IPv4 address with more after it is not an address: it is kept cut to 64 characters too", () => {
    const longer = `192.0.2.10${"0".repeat(100)}`;
    expect(clientKeyOf(longer)).toBe(longer.slice(0, 64));
    expect(clientKeyOf("192.0.2.10.5")).toBe("192.0.2.10.5");
  });

  it("addresses that share their first 64 bits share a key; others do not", () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        const sameNetwork = [...a.slice(0, 4), ...b.slice(4)];
        expect(clientKeyOf(full(sameNetwork))).toBe(clientKeyOf(full(a)));
        const mapped = (values: number[]) => values.slice(0, 5).every((value) => value === 0) && values[5] === 0xffff;
        if (!mapped(a) && !mapped(b) && full(a.slice(0, 4)) !== full(b.slice(0, 4))) {
          expect(clientKeyOf(full(a))).not.toBe(clientKeyOf(full(b)));
        }
      }),
    );
  });
  it("every IPv6 spelling gives the key of its canonical form, a /64 or an IPv4 address", () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const key = clientKeyOf(address);
        expect(key).toBe(clientKeyOf(canonical(address)));
        expect(key).toBe(clientKeyOf(address.toUpperCase()));
        expect(key).toMatch(/^(?:(?:[0-9a-f]{1,4}:){4}:\/64|\d{1,3}(?:\.\d{1,3}){3})$/);
      }),
      { numRuns: 500 },
    );
  });
  it("an IPv4 address mapped into IPv6 gives the same key as the IPv4 address", () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(clientKeyOf(`::ffff:${address}`)).toBe(address);
      }),
    );
  });
});
