import { describe, expect, it } from "vitest";
import { requestRuns } from "../../../generator/changes/response-runs.ts";

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
});
