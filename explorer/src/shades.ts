// The seed map's colour of a level: its place in its own system, best darkest (levels are ordered best first:
// docs/README.md, "What the API says, and what it never says"). Six shades; a system's levels are spread over
// them evenly, so the best level is always the darkest and the worst the lightest, whatever the count.

export const SHADES = 6;

/** 0 (darkest) .. SHADES - 1 (lightest), for the 1-based `place` of `of` levels. */
export function shadeOf(place: number, of: number): number {
  if (of <= 1) return 0;
  return Math.round(((place - 1) / (of - 1)) * (SHADES - 1));
}
