/** `"a", "b", "c"` for a message; long lists are cut with a count of the rest. */
export function quotedList(values: Iterable<string | number>, limit = 12): string {
  const all = [...values].map((value) => (typeof value === "string" ? JSON.stringify(value) : String(value)));
  if (all.length <= limit) return all.join(", ");
  return `${all.slice(0, limit).join(", ")} and ${all.length - limit} more`;
}
