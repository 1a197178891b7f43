// Requests written for a reader: a pack's seeds that change together are one line, not a thousand.
// Requests that differ only by their last number, in a row, become one run (`/v1/items/7/44/seeds/
// {0..1000}`, 1,001 responses). Used by the pull request comment (markdown.ts) and its job summary
// (tools/ci/pr-comment.ts). Imports nothing: the commenting job runs without node_modules.

export interface RequestRun {
  /** The request, or the run's requests as `prefix{first..last}`. */
  text: string;
  /** How many requests the line stands for. */
  count: number;
}

const NUMBERED = /^(.*\/)(\d+)$/;

/** `requests`, in their order, consecutive numbered ones joined into runs. */
export function requestRuns(requests: readonly string[]): RequestRun[] {
  // A request without a number has no prefix: no request after it joins its run.
  const runs: { prefix: string | null; first: number; last: number; text: string }[] = [];
  for (const request of requests) {
    const match = NUMBERED.exec(request);
    const previous = runs.at(-1);
    if (match !== null && previous !== undefined && previous.prefix === match[1] && previous.last + 1 === Number(match[2])) {
      previous.last += 1;
      continue;
    }
    runs.push(match === null ? { prefix: null, first: 0, last: -1, text: request } : { prefix: match[1]!, first: Number(match[2]), last: Number(match[2]), text: request });
  }
  return runs.map(({ prefix, first, last, text }) =>
    last > first ? { text: `${prefix}{${first}..${last}}`, count: last - first + 1 } : { text, count: 1 },
  );
}

export type Change = "changed" | "added" | "removed";

/** The runs of each kind of change in turn, the changed first, then the added and the removed. */
export function changeRuns(requests: Readonly<Record<Change, readonly string[]>>): (RequestRun & { change: Change })[] {
  return (["changed", "added", "removed"] as const).flatMap((change) => requestRuns(requests[change]).map((run) => ({ change, ...run })));
}

/** A run's count as a reader reads it after the request: nothing for one. */
export const runCount = ({ count }: RequestRun) => (count > 1 ? ` (${count.toLocaleString("en")} responses)` : "");
