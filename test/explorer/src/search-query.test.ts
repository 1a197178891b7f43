import { describe, expect, it } from "vitest";
import { lookupOf } from "../../../explorer/src/search-query.ts";

describe("what a search box entry asks for", () => {
  it("def/paint (or def-paint) is a canonical pair", () => {
    expect(lookupOf(" 7/44 ")).toEqual({ kind: "pair", defIndex: 7, paintIndex: 44 });
    expect(lookupOf("507 - 419")).toEqual({ kind: "pair", defIndex: 507, paintIndex: 419 });
  });

  it("a lowercase dashed word is a slug; anything else is a market hash name, sent as typed", () => {
    expect(lookupOf("karambit-doppler")).toEqual({ kind: "slug", slug: "karambit-doppler" });
    expect(lookupOf("★ StatTrak™ Karambit | Doppler (Factory New)")).toEqual({ kind: "name", marketHashName: "★ StatTrak™ Karambit | Doppler (Factory New)" });
    expect(lookupOf("AK-47-Case-Hardened")).toEqual({ kind: "name", marketHashName: "AK-47-Case-Hardened" });
  });

  it("a blank entry asks for nothing", () => {
    expect(lookupOf("   ")).toEqual({ kind: "empty" });
  });
});
