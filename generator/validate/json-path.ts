import { excerpt } from "./finding.ts";

// JSON paths in problems read like `$.systems[0].gradings[3].seed`: the form a maintainer can follow
// by eye in their editor. Keys that are not plain identifiers are written `$["odd key"]`.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A longer key is shown cut short: no field name is that long, and the path is printed in every problem under it. */
const LONGEST_KEY_SHOWN = 100;

export function childPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  if (key.length > LONGEST_KEY_SHOWN) return `${parent}[${excerpt(key)} (${key.length} characters)]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Turns an ajv instance path (a JSON pointer, "/systems/0/seed") into a JSON path. The data is walked
 * alongside so that a segment is written as an index only where the value really is an array.
 */
export function pointerToPath(pointer: string, data: unknown): string {
  if (pointer === "") return "$";
  let path = "$";
  let value: unknown = data;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value) && /^(0|[1-9][0-9]*)$/.test(segment)) {
      const index = Number(segment);
      path = childPath(path, index);
      value = value[index];
    } else {
      path = childPath(path, segment);
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}
