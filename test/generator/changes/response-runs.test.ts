import { describe, expect, it } from "vitest";
import { changeRuns, requestRuns, runCount } from "../../../generator/changes/response-runs.ts";

describe("requests as runs", () => {
  it("joins a pack's consecutive seeds into one run and keeps every other request as it is, in order", () => {
    const seeds = Array.from({ length: 1001 }, (_, seed) => `/v1/items/7/44/seeds/${seed}`);
    expect(requestRuns(["/v1/dump", ...seeds, "/v1/guides/200", "/v1/guides/201"])).toEqual([
      { text: "/v1/dump", count: 1 },
      { text: "/v1/items/7/44/seeds/{0..1000}", count: 1001 },
      { text: "/v1/guides/{200..201}", count: 2 },
    ]);
  });

  it("starts a new run at a gap or another prefix", () => {
    expect(requestRuns(["/v1/items/7/44/seeds/3", "/v1/items/7/44/seeds/5", "/v1/items/4/694/seeds/6", "/v1/items/4/694/seeds/7"])).toEqual([
      { text: "/v1/items/7/44/seeds/3", count: 1 },
      { text: "/v1/items/7/44/seeds/5", count: 1 },
      { text: "/v1/items/4/694/seeds/{6..7}", count: 2 },
    ]);
  });

  it("keeps a request without a number after a numbered one, and the next numbered one after it, each on its own", () => {
    expect(requestRuns(["/v1/items/7/44/seeds/3", "/v1/meta", "/v1/items/7/44/seeds/4"])).toEqual([
      { text: "/v1/items/7/44/seeds/3", count: 1 },
      { text: "/v1/meta", count: 1 },
      { text: "/v1/items/7/44/seeds/4", count: 1 },
    ]);
  });
});

describe("the runs of each kind of change", () => {
  it("come the changed first, then the added, then the removed, each run with its kind", () => {
    expect(changeRuns({ removed: ["/v1/guides/30"], added: ["/v1/items/7/44/seeds/1", "/v1/items/7/44/seeds/2"], changed: ["/v1/meta"] })).toEqual([
      { change: "changed", text: "/v1/meta", count: 1 },
      { change: "added", text: "/v1/items/7/44/seeds/{1..2}", count: 2 },
      { change: "removed", text: "/v1/guides/30", count: 1 },
    ]);
  });

  it("say how many responses a run stands for, and nothing after a single request", () => {
    expect(runCount({ text: "/v1/meta", count: 1 })).toBe("");
    expect(runCount({ text: "/v1/items/7/44/seeds/{0..1}", count: 2 })).toBe(" (2 responses)");
    expect(runCount({ text: "/v1/items/7/44/seeds/{0..1000}", count: 1001 })).toBe(" (1,001 responses)");
  });
});
