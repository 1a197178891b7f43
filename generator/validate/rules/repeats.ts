/** One value whose key an earlier value already had: its index, and the index of the first value with that key. */
export interface Repeat {
  index: number;
  first: number;
}

/** The values whose key was already seen, in order, each with where that key was first seen. */
export function repeats<T, K>(values: readonly T[], keyOf: (value: T) => K): Repeat[] {
  const firstAt = new Map<K, number>();
  const found: Repeat[] = [];
  values.forEach((value, index) => {
    const key = keyOf(value);
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, index);
    else found.push({ index, first });
  });
  return found;
}
