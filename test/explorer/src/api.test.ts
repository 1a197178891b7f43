import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRootOf, explorerClient, type Waiting } from "../../../explorer/src/api.ts";

const envelope = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
const meta = { dataset_version: "v1", loaded_at: "2024-01-01T00:00:00+00:00", counts: { items: 1, guides: 0, aliases: 1, systems: 0, gradings: 0 } };

afterEach(() => {
  vi.useRealTimers();
});

describe("the explorer's client", () => {
  it("the API root is the page's folder", () => {
    expect(apiRootOf({ origin: "http://127.0.0.1:8888", pathname: "/" })).toBe("http://127.0.0.1:8888");
    expect(apiRootOf({ origin: "https://x.org", pathname: "/mirror/" })).toBe("https://x.org/mirror");
    expect(apiRootOf({ origin: "https://x.org", pathname: "/mirror/index.html" })).toBe("https://x.org/mirror");
  });

  it("tells a 429's wait as a rate limit, even when a request beside it succeeds before the wait starts", async () => {
    vi.useFakeTimers();
    const waits: Waiting[] = [];
    let metaCalls = 0;
    let releaseHealth: () => void = () => {};
    const fetchImpl = async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith("/v1/meta")) {
        metaCalls += 1;
        // The 429 arrives first; the other request lands after it, before the client waits.
        if (metaCalls === 1) {
          queueMicrotask(() => releaseHealth());
          return envelope({ dataset_version: "v1", error: { code: "rate_limited", message: "slow down" } }, 429, { "retry-after": "3" });
        }
        return envelope({ dataset_version: "v1", data: meta }, 200);
      }
      await new Promise<void>((resolve) => (releaseHealth = resolve));
      return new Response(JSON.stringify({ status: "ok" }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const api = explorerClient("http://api.test", (waiting) => waits.push(waiting), fetchImpl as typeof fetch);
    const both = Promise.all([api.meta(), api.health()]);
    await vi.advanceTimersByTimeAsync(3000);
    const [answer] = await both;
    expect(answer.data).toEqual(meta);
    expect(waits).toEqual([{ reason: "rate_limited", milliseconds: 3000 }]);
  });

  it("tells a network failure's wait as the API being unreachable", async () => {
    vi.useFakeTimers();
    const waits: Waiting[] = [];
    let calls = 0;
    const fetchImpl = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return envelope({ dataset_version: "v1", data: meta }, 200);
    };
    const api = explorerClient("http://api.test", (waiting) => waits.push(waiting), fetchImpl as typeof fetch);
    const answer = api.meta();
    await vi.advanceTimersByTimeAsync(6000);
    await expect(answer).resolves.toMatchObject({ data: meta });
    expect(waits).toHaveLength(1);
    expect(waits[0]!.reason).toBe("unreachable");
  });
});
