import { z } from "zod";
import { evidenceKinds, guideSchema, scaleKinds } from "./guide.ts";
import { offsetDateTime, platformId, seed, webUrl } from "./common.ts";

// The `data` of every response the API defines (docs/README.md, "Endpoints"). Derivations are typed by
// these; tests parse the built files with them, so a derived body that drifts from them fails a test.

export const itemSchema = z
  .object({
    def_index: z.int(),
    paint_index: z.int(),
    slug: z.string(),
    weapon: z.string(),
    finish: z.string(),
    paint_label: z.string(),
  })
  .strict();

/** In seed and patterns responses the item carries only its identity and slug. */
export const itemRefSchema = itemSchema.pick({ def_index: true, paint_index: true, slug: true }).strict();

export const guideBlockSchema = z
  .object({
    platform_id: platformId,
    title: z.string(),
    authors: z.array(z.string()),
    url: webUrl,
    permission: z.string(),
    updated: z.string(),
  })
  .strict();

const kind = z.enum(scaleKinds);
const value = z.object({ name: z.string(), value: z.number() }).strict().nullable();
// The shape of a non-null `equivalent_to` in verdicts is a decision of ours: the guide's array of seeds
// (docs/serving.md, "Decisions").
const equivalentTo = z.array(seed).nullable();

export const itemMenuSchema = z
  .object({
    item: itemSchema,
    guides: z.array(
      guideBlockSchema
        .extend({
          systems: z.array(
            z
              .object({
                id: z.string(),
                label: z.string(),
                alias: z.string().nullable(),
                topic: z.string().nullable(),
                kind,
                levels: z.int().min(1),
                seeds: z.int().min(0),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
  })
  .strict();

export const verdictSchema = z
  .object({
    guide: guideBlockSchema,
    system: z.object({ id: z.string(), label: z.string(), topic: z.string().nullable(), kind }).strict(),
    level: z.object({ key: z.string(), label: z.string(), place: z.int().min(1), of: z.int().min(1) }).strict(),
    rank: z.int().nullable(),
    equivalent_to: equivalentTo,
    value,
    evidence: z.enum(evidenceKinds),
    quote: z.string(),
  })
  .strict();

export const seedResponseSchema = z
  .object({
    item: itemRefSchema,
    seed,
    verdicts: z.array(verdictSchema),
    not_listed: z.array(z.object({ platform_id: platformId, system: z.string() }).strict()),
  })
  .strict();

export const patternEntrySchema = z
  .object({
    guide: platformId,
    system: z.string(),
    level: z.string(),
    place: z.int().min(1),
    rank: z.int().nullable(),
    equivalent_to: equivalentTo,
    value,
  })
  .strict();

export const patternsResponseSchema = z
  .object({
    item: itemRefSchema,
    guides: z.record(
      platformId,
      guideBlockSchema
        .omit({ platform_id: true })
        .extend({
          systems: z.record(
            z.string(),
            z
              .object({
                label: z.string(),
                topic: z.string().nullable(),
                kind,
                levels: z.array(z.object({ key: z.string(), label: z.string() }).strict()),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
    seeds: z.record(z.string().regex(/^(0|[1-9][0-9]*)$/), z.array(patternEntrySchema)),
  })
  .strict();

export const resolveResponseSchema = z.object({ items: z.array(itemSchema).min(1) }).strict();

export const metaResponseSchema = z
  .object({
    dataset_version: z.string(),
    loaded_at: offsetDateTime,
    counts: z
      .object({
        items: z.int().min(0),
        guides: z.int().min(0),
        aliases: z.int().min(0),
        systems: z.int().min(0),
        gradings: z.int().min(0),
      })
      .strict(),
  })
  .strict();

export const dumpResponseSchema = z.object({ items: z.array(itemSchema), guides: z.array(guideSchema) }).strict();

export type Item = z.infer<typeof itemSchema>;
export type ItemRef = z.infer<typeof itemRefSchema>;
export type GuideBlock = z.infer<typeof guideBlockSchema>;
export type ItemMenu = z.infer<typeof itemMenuSchema>;
export type Verdict = z.infer<typeof verdictSchema>;
export type SeedResponse = z.infer<typeof seedResponseSchema>;
export type PatternEntry = z.infer<typeof patternEntrySchema>;
export type PatternsResponse = z.infer<typeof patternsResponseSchema>;
export type ResolveResponse = z.infer<typeof resolveResponseSchema>;
export type MetaResponse = z.infer<typeof metaResponseSchema>;
export type DumpResponse = z.infer<typeof dumpResponseSchema>;
