import type { Guide } from "../../contract/schema/guide.ts";

/** `GET /guides/{id}?system=`: `systems` narrowed to one system; every other field returned whole. */
export function guideWithSystem(guide: Guide, systemId: string): Guide {
  return { ...guide, systems: guide.systems.filter((system) => system.id === systemId) };
}
