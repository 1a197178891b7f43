// Reading a guide document leniently: a draft under review often does not have the guide's shape yet (a
// `DRAFT-TODO:` where a boolean belongs), and the accounting and the review page must still read every
// part they can. A value of another type than expected reads as absent; `check` reports it.

export type Fields = Record<string, unknown>;

/** An object's fields, or null for anything else (an array, a placeholder string). */
export function fields(value: unknown): Fields | null {
  // `typeof null` is "object" too: null passes through as itself, which is the answer for it.
  return typeof value === "object" && !Array.isArray(value) ? (value as Fields | null) : null;
}

/** An array's items, or none. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
