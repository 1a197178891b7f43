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

export function explorerClient(apiRoot: string, onWait: WaitListener, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Client {
  // The reason of the latest failure only: a view's requests run side by side, and a success that
  // lands between a 429 and its wait must not turn that wait into a network problem.
  let lastFailure: Waiting["reason"] = "unreachable";
  const watchedFetch: typeof fetch = async (input, init) => {
    try {
      const response = await fetchImpl(input, init);
      if (response.status === 429) {
        // The API's 429 is its JSON envelope; the edge block's is plain text (and in a browser, usually a network error).
        lastFailure = response.headers.get("content-type")?.startsWith("application/json") ? "rate_limited" : "unreachable";
      }
      return response;
    } catch (error) {
      lastFailure = "unreachable";
      throw error;
    }
  };
  return createClient({
    apiRoot,
    fetch: watchedFetch,
    // A person watching the countdown waits out a Retry-After of up to a minute (the client's default,
    // 30 s, would give up on it at once); a request that hangs still ends.
    timeoutMs: 90_000,
    retry: {
      sleep: (milliseconds, signal) => {
        onWait({ reason: lastFailure, milliseconds });
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
