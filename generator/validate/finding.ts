import type { Problem } from "../dataset.ts";

/** A problem inside one file, before the file name is attached: what every rule returns. */
export type Finding = Omit<Problem, "file">;

export function finding(path: string, message: string, expected?: string): Finding {
  return expected === undefined ? { path, message } : { path, message, expected };
}

export function inFile(file: string, findings: readonly Finding[]): Problem[] {
  return findings.map((found) => ({ file, ...found }));
}

/** Shows the start of a long text inside a message, quoted as JSON so odd spacing stays visible. */
export function excerpt(text: string, length = 60): string {
  // Only the head is split into characters: a value may be megabytes long.
  const cut = [...text.slice(0, 2 * length + 2)];
  return JSON.stringify(cut.length > length ? `${cut.slice(0, length).join("")}…` : text);
}
