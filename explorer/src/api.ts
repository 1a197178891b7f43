// The explorer's client: the typed client of client/, pointed at the API root the page is served
// from. The client already keeps the client duties (ETag, Retry-After on a 429, retrying an edge
// block); the page only wants to say why it is waiting, so it watches the answers go by and is
// told of every wait through the client's injectable sleep.

import { createClient, type Client } from "../../client/src/index.ts";

export interface Waiting {
  /** `rate_limited`: the API answered 429 with Retry-After. `unreachable`: a network error or the edge block. */
  reason: "rate_limited" | "unreachable";
  milliseconds: number;
}

export type WaitListener = (waiting: Waiting) => void;

/** The API root of a page at `{api_root}/`: its address without the query and the last segment. */
export function apiRootOf(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname.replace(/\/[^/]*$/, "")}`;
}

export function explorerClient(apiRoot: string, onWait: WaitListener): Client {
  let lastAnswer: "rate_limited" | "unreachable" = "unreachable";
  const watchedFetch: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, init);
      lastAnswer = response.status === 429 && response.headers.get("content-type")?.startsWith("application/json") ? "rate_limited" : "unreachable";
      return response;
    } catch (error) {
      lastAnswer = "unreachable";
      throw error;
    }
  };
  return createClient({
    apiRoot,
    fetch: watchedFetch,
    retry: {
      sleep: (milliseconds, signal) => {
        onWait({ reason: lastAnswer, milliseconds });
        return new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason);
          const timer = setTimeout(resolve, milliseconds);
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(signal.reason);
          }, { once: true });
        });
      },
    },
  });
}
