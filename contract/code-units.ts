// Strings in code-unit order, as `<` compares them: the order the build lists keys, files and guides
// in, the same on every machine whatever its locale.

/** A comparator for `Array.prototype.sort`: strings in code-unit order. */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
