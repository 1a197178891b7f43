import { describe, expect, it } from "vitest";
import { notFoundMessage, parseRequest } from "../../../contract/routes.ts";

const read = (target: string) => {
  const url = new URL(target, "http://localhost");
  return parseRequest(url.pathname, url.searchParams);
};

describe("GET /v1/guides/{platform_id}", () => {
  it("reads a guide, narrowed to a system when ?system= is sent", () => {
    expect(read("/guides/900000001")).toEqual({ ok: true, route: { name: "guide", platformId: "900000001", system: null } });
    expect(read("/guides/900000001?system=blue_gem")).toEqual({ ok: true, route: { name: "guide", platformId: "900000001", system: "blue_gem" } });
  });

  it("words a platform_id no guide can have as an unknown guide, with no system named", () => {
    expect(read("/guides/abc?system=blue")).toEqual({ ok: false, error: { status: 404, code: "not_found", message: 'no guide has platform_id "abc"' } });
  });

  it("words an unknown system with its guide", () => {
    expect(read("/guides/900000001?system=A")).toEqual({ ok: false, error: { status: 404, code: "not_found", message: 'guide "900000001" has no system "A"' } });
    expect(notFoundMessage({ name: "guide", platformId: "900000001", system: "blue" })).toBe('guide "900000001" has no system "blue"');
  });
});
