import { z } from "zod";
import { nonNegativeInt, slug } from "./common.ts";

/** One paint index of a slug: Doppler slugs have one per phase or gem. */
export const paintSchema = z
  .object({
    paint_index: z.int().min(1),
    // "Phase 2", "Ruby", ...; empty string when the finish has one paint index only.
    paint_label: z.string(),
  })
  .strict();

/** `dataset/items/<slug>.json`: item identity, written by `npm run items:sync`. */
export const itemFileSchema = z
  .object({
    slug,
    weapon: z.string().min(1),
    finish: z.string().min(1),
    def_index: nonNegativeInt,
    // Steam market hash name without prefixes and wear, e.g. "Karambit | Doppler".
    market_name: z.string().min(1),
    // Knives and gloves are listed on Steam as "★ <market_name>".
    star: z.boolean(),
    paints: z.array(paintSchema).min(1),
  })
  .strict();

export type Paint = z.infer<typeof paintSchema>;
export type ItemFile = z.infer<typeof itemFileSchema>;
