import { z } from "zod";
import { platformId, seed } from "./common.ts";
import { itemRefSchema, itemSchema } from "./responses.ts";

// The changelog: what one build changes for API consumers against another, in their terms. It is
// what `npm run changes -- --json` prints and what every build publishes at
// `{api_root}/changes/{dataset_version}.json` (generator/changes/). Not a response under /v1.

const levelRef = z.object({ key: z.string(), label: z.string() }).strict();

const verdictPlace = z
  .object({ item: itemRefSchema, seed, platform_id: platformId, system: z.string(), level: levelRef })
  .strict();

export const changesSchema = z
  .object({
    /** The build compared against; null when there was none (the first build of a folder or deploy). */
    from: z.string().nullable(),
    to: z.string(),
    totals: z
      .object({
        guides_added: z.int(),
        guides_removed: z.int(),
        guides_retitled: z.int(),
        systems_added: z.int(),
        systems_removed: z.int(),
        levels_added: z.int(),
        levels_removed: z.int(),
        levels_renamed: z.int(),
        verdicts_added: z.int(),
        verdicts_removed: z.int(),
        verdicts_moved: z.int(),
        items_added: z.int(),
        items_removed: z.int(),
        responses_changed: z.int(),
        responses_added: z.int(),
        responses_removed: z.int(),
      })
      .strict(),
    guides: z
      .object({
        added: z.array(z.object({ platform_id: platformId, title: z.string() }).strict()),
        removed: z.array(z.object({ platform_id: platformId, title: z.string() }).strict()),
        retitled: z.array(z.object({ platform_id: platformId, from: z.string(), to: z.string() }).strict()),
      })
      .strict(),
    systems: z
      .object({
        added: z.array(z.object({ platform_id: platformId, system: z.string(), label: z.string() }).strict()),
        removed: z.array(z.object({ platform_id: platformId, system: z.string(), label: z.string() }).strict()),
      })
      .strict(),
    levels: z
      .object({
        added: z.array(z.object({ platform_id: platformId, system: z.string(), key: z.string(), label: z.string() }).strict()),
        removed: z.array(z.object({ platform_id: platformId, system: z.string(), key: z.string(), label: z.string() }).strict()),
        renamed: z.array(z.object({ platform_id: platformId, system: z.string(), key: z.string(), from: z.string(), to: z.string() }).strict()),
      })
      .strict(),
    verdicts: z
      .object({
        added: z.array(verdictPlace),
        removed: z.array(verdictPlace),
        moved: z.array(verdictPlace.omit({ level: true }).extend({ from: levelRef, to: levelRef }).strict()),
      })
      .strict(),
    items: z.object({ added: z.array(itemSchema), removed: z.array(itemSchema) }).strict(),
  })
  .strict();

export type Changes = z.infer<typeof changesSchema>;
