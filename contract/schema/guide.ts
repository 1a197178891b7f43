import { z } from "zod";
import { isoDate, localDateTime, nonNegativeInt, offsetDateTime, pathSafeId, platformId, quoted, seed, slug, webUrl } from "./common.ts";

// The full guide document (dataset/README.md, "Guide documents: guides/<platform_id>.json"). Stored exactly as
// served.

const systemRef = pathSafeId.nullable();

/**
 * Top-level remarks and item claims are `{quote, note, system}`, `system` a system id or null
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json").
 */
export const remarkSchema = z.object({ quote: z.string().min(1), note: z.string().nullable(), system: systemRef }).strict();
/**
 * Inside a system the system is implied, so a system's remarks may leave `system` out; their shape is otherwise
 * open.
 */
export const systemRemarkSchema = remarkSchema.partial({ system: true });

export const calloutKinds = ["exclusion", "example", "mention", "common"] as const;
export const calloutSchema = z
  .object({
    kind: z.enum(calloutKinds),
    label: z.string(),
    quote: z.string().min(1),
    system: systemRef,
    note: z.string().optional(),
    images: z.array(z.string().min(1)).optional(),
    definition: quoted.optional(),
  })
  .strict();

export const discrepancyKinds = [
  "duplicate_seed",
  "count_mismatch",
  "unparseable",
  "prose_contradiction",
  "caption_vs_list",
  "caption_unlisted",
  "image_reused",
] as const;
export const discrepancySchema = z
  .object({
    kind: z.enum(discrepancyKinds),
    seed: seed.optional(),
    where: z.array(z.string().regex(/^[^:]+:.+$/, "'<system id>:<level key>'")).optional(),
    note: z.string().optional(),
    quote_a: z.string().min(1).optional(),
    quote_b: z.string().min(1).optional(),
  })
  .strict();

export const evidenceKinds = ["text", "caption", "image"] as const;
export const gradingSchema = z
  .object({
    seed,
    level: z.string().min(1),
    quote: z.string().min(1),
    evidence: z.enum(evidenceKinds),
    position: nonNegativeInt,
    rank: z.int().min(1).optional(),
    rank_scope: z.literal("level").optional(),
    value: z.object({ name: z.string().min(1), value: z.number() }).strict().optional(),
    note: quoted.optional(),
    equivalent_to: z.array(seed).min(1).optional(),
  })
  .strict();

export const levelSchema = z
  .object({
    key: z.string().min(1),
    label: z.string(),
    images: z.array(z.string().min(1)),
    ordered: z.boolean(),
    ordered_quote: z.string().min(1).nullable(),
    definition: quoted.optional(),
    // `null` means the level is shown only as images and no seed is graded in it
    // (dataset/README.md, "Guide documents: guides/<platform_id>.json").
    gradings: z.null().optional(),
  })
  .strict();

export const scaleKinds = ["tier", "rank", "group", "sublevel", "band"] as const;
// The form of best/worst for band, sublevel and group scales is left open; decided here: a number or the
// guide's own words.
const bound = z.union([z.number(), z.string()]).nullable();
export const scaleSchema = z
  .object({ kind: z.enum(scaleKinds), best: bound, worst: bound, definition: quoted.optional() })
  .strict();

export const systemSchema = z
  .object({
    id: pathSafeId,
    label: z.string().min(1),
    item: slug,
    paint_indexes: z.array(z.int().min(1)).min(1).nullable(),
    alias: z.string().min(1).nullable(),
    topic: z.string().min(1).nullable(),
    definition: quoted.optional(),
    scale: scaleSchema,
    remarks: z.array(systemRemarkSchema),
    levels: z.array(levelSchema).min(1),
    gradings: z.array(gradingSchema),
  })
  .strict();

export const guideSchema = z
  .object({
    schema: z.string().min(1),
    platform_id: platformId,
    title: z.string().min(1),
    authors: z.array(z.string().min(1)).min(1),
    url: webUrl,
    updated: localDateTime,
    permission: z.string().min(1),
    collaborators: nonNegativeInt,
    posted: localDateTime,
    snapshot: z
      .object({
        path: z.string().regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, "a relative path inside dataset/snapshots/"),
        retrieved_at: offsetDateTime,
        sha256: z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex digits"),
      })
      .strict(),
    permission_quote: z.string(),
    incomplete: quoted.nullable(),
    complete: quoted.nullable(),
    notes: z.string(),
    related_guides: z.array(z.object({ platform_id: platformId, quote: z.string().min(1) }).strict()),
    remarks: z.array(remarkSchema),
    item_claims: z.array(remarkSchema),
    callouts: z.array(calloutSchema),
    discrepancies: z.array(discrepancySchema),
    unassigned_review: z
      .object({ count: nonNegativeInt, reviewed_at: isoDate, reviewed_by: z.string().min(1) })
      .strict()
      .optional(),
    systems: z.array(systemSchema).min(1),
  })
  .strict();

export type Remark = z.infer<typeof remarkSchema>;
export type Callout = z.infer<typeof calloutSchema>;
export type Discrepancy = z.infer<typeof discrepancySchema>;
export type Grading = z.infer<typeof gradingSchema>;
export type Level = z.infer<typeof levelSchema>;
export type Scale = z.infer<typeof scaleSchema>;
export type GuideSystem = z.infer<typeof systemSchema>;
export type Guide = z.infer<typeof guideSchema>;
