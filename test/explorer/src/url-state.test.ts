import { describe, expect, it } from "vitest";
import { searchOf, stateOf, type ViewState } from "../../../explorer/src/url-state.ts";

describe("the explorer's URL state", () => {
  it("reads each view from its query", () => {
    expect(stateOf("")).toEqual({ view: "home" });
    expect(stateOf("?q=%E2%98%85%20Karambit%20%7C%20Doppler")).toEqual({ view: "search", query: "★ Karambit | Doppler" });
    expect(stateOf("?item=507-419")).toEqual({ view: "item", defIndex: 507, paintIndex: 419 });
    expect(stateOf("?item=7-44&seed=661")).toEqual({ view: "seed", defIndex: 7, paintIndex: 44, seed: 661 });
    expect(stateOf("?guide=900000001")).toEqual({ view: "guide", platformId: "900000001" });
  });

  it("a guide wins over an item, and an item over a search; a blank search is the start", () => {
    expect(stateOf("?q=x&item=7-44&guide=1")).toEqual({ view: "guide", platformId: "1" });
    expect(stateOf("?q=x&item=7-44")).toEqual({ view: "item", defIndex: 7, paintIndex: 44 });
    expect(stateOf("?q=%20%20")).toEqual({ view: "home" });
  });

  it("a seed out of range is left for the API to refuse; what is not digits is invalid here", () => {
    expect(stateOf("?item=7-44&seed=1001")).toEqual({ view: "seed", defIndex: 7, paintIndex: 44, seed: 1001 });
    expect(stateOf("?item=7-44&seed=abc")).toEqual({ view: "invalid", parameter: "seed", value: "abc" });
    expect(stateOf("?item=7/44")).toEqual({ view: "invalid", parameter: "item", value: "7/44" });
    expect(stateOf("?guide=abc")).toEqual({ view: "invalid", parameter: "guide", value: "abc" });
  });

  it("every view's query reads back as the same view", () => {
    const states: ViewState[] = [
      { view: "home" },
      { view: "search", query: "★ StatTrak™ Karambit | Doppler (Factory New) & more" },
      { view: "item", defIndex: 507, paintIndex: 419 },
      { view: "seed", defIndex: 7, paintIndex: 44, seed: 0 },
      { view: "guide", platformId: "900000001" },
    ];
    for (const state of states) expect(stateOf(searchOf(state))).toEqual(state);
  });
});
