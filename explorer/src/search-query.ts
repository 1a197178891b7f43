// What a search box entry asks for. `def/paint` is a canonical pair already; anything shaped like a
// slug is looked up as a slug; the rest is a market hash name, which the API's alias key reads in
// any form (wear, StatTrak™, Souvenir, ★, case and spacing).

export type Lookup =
  | { kind: "empty" }
  | { kind: "pair"; defIndex: number; paintIndex: number }
  | { kind: "slug"; slug: string }
  | { kind: "name"; marketHashName: string };

const PAIR = /^(\d{1,9})\s*[/-]\s*(\d{1,9})$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function lookupOf(text: string): Lookup {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "empty" };
  const pair = PAIR.exec(trimmed);
  if (pair !== null) return { kind: "pair", defIndex: Number(pair[1]), paintIndex: Number(pair[2]) };
  if (SLUG.test(trimmed)) return { kind: "slug", slug: trimmed };
  // Sent as typed: the API counts its 200-character limit on what it receives.
  return { kind: "name", marketHashName: text };
}
