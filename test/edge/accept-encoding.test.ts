import { describe, expect, it } from "vitest";
import { acceptsGzip } from "../../edge/accept-encoding.ts";

describe("Accept-Encoding", () => {
  it("gzip alone accepts gzip", () => expect(acceptsGzip("gzip")).toBe(true));
  it("a browser's list with gzip accepts gzip", () => expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true));
  it("names are case-insensitive", () => expect(acceptsGzip("GZip")).toBe(true));
  it("x-gzip is gzip", () => expect(acceptsGzip("x-gzip")).toBe(true));
  it("gzip with q=0 refuses gzip", () => expect(acceptsGzip("gzip;q=0")).toBe(false));
  it("gzip with q=0.000 refuses gzip", () => expect(acceptsGzip("gzip; q=0.000")).toBe(false));
  it("gzip with a small positive q accepts gzip", () => expect(acceptsGzip("gzip;q=0.001")).toBe(true));
  it("a wildcard accepts gzip", () => expect(acceptsGzip("*")).toBe(true));
  it("a wildcard with q=0 refuses gzip", () => expect(acceptsGzip("identity, *;q=0")).toBe(false));
  it("gzip named with q=0 is refused even when the wildcard allows everything", () => expect(acceptsGzip("*, gzip;q=0")).toBe(false));
  it("gzip named with a positive q is accepted even when the wildcard refuses", () => expect(acceptsGzip("*;q=0, gzip;q=0.5")).toBe(true));
  it("only other codings do not accept gzip", () => expect(acceptsGzip("br, deflate")).toBe(false));
  it("identity alone does not accept gzip", () => expect(acceptsGzip("identity")).toBe(false));
  it("an absent or empty header does not accept gzip", () => {
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
  });
  it("a malformed q-value counts as not acceptable", () => {
    expect(acceptsGzip("gzip;q=abc")).toBe(false);
    expect(acceptsGzip("gzip;q=2")).toBe(false);
  });
  it("a name that contains gzip is not gzip", () => expect(acceptsGzip("gzipped, notgzip")).toBe(false));
  it("weights are read whatever the spacing, and only the q parameter is a weight", () => {
    expect(acceptsGzip("gzip; q= 0.5 ")).toBe(true);
    expect(acceptsGzip("gzip;level=x")).toBe(true);
    expect(acceptsGzip("gzip;q")).toBe(false);
  });
  it("q=1 and q=1.000 accept, a weight above 1 or with a fourth decimal does not", () => {
    expect(acceptsGzip("gzip;q=1")).toBe(true);
    expect(acceptsGzip("gzip;q=1.00")).toBe(true);
    expect(acceptsGzip("gzip;q=10.5")).toBe(false);
    expect(acceptsGzip("gzip;q=1.0000")).toBe(false);
    expect(acceptsGzip("gzip;q=0.5000")).toBe(false);
  });
  it("gzip or the wildcard named twice takes its highest weight", () => {
    expect(acceptsGzip("gzip;q=0.5, x-gzip;q=0")).toBe(true);
    expect(acceptsGzip("*;q=0.5, *;q=0")).toBe(true);
    expect(acceptsGzip(", ,")).toBe(false);
  });
});
