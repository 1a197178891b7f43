/**
 * Appends `items` to `target`, one at a time. `target.push(...items)` passes each item as an argument on
 * the stack, so a list of some hundred thousand (a guide with that many problems, a page listing that many
 * numbers) throws "Maximum call stack size exceeded".
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
