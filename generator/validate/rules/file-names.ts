import type { Guide } from "../../../contract/schema/guide.ts";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { finding, type Finding } from "../finding.ts";

// Brief, "Dataset format": items live in items/<slug>.json, guides in guides/<platform_id>.json; the build
// and a reader of the folder both rely on the name saying what the file holds.

export function itemFileNameIsSlug(item: ItemFile, name: string): Finding[] {
  if (item.slug === name) return [];
  return [finding("$.slug", `is ${JSON.stringify(item.slug)} but the file is items/${name}.json`, `${JSON.stringify(name)}, or the file renamed to items/${item.slug}.json`)];
}

export function guideFileNameIsPlatformId(guide: Guide, name: string): Finding[] {
  if (guide.platform_id === name) return [];
  return [
    finding(
      "$.platform_id",
      `is ${JSON.stringify(guide.platform_id)} but the file is guides/${name}.json`,
      `${JSON.stringify(name)}, or the file renamed to guides/${guide.platform_id}.json`,
    ),
  ];
}
