// What the described paths outside /v1 and each parameter mean, for people: the description
// document's summaries and descriptions. A /v1 endpoint's prose is in its registration
// (contract/endpoints/); these are kept apart because only the description document reads them.

import { lines, type Description, type ExampleValues } from "./endpoint.ts";
import { ENDPOINTS } from "./endpoints/index.ts";
import { MAX_ALIAS_LENGTH, MAX_SEED, type ParameterName } from "./parameters.ts";
import type { OperationName } from "./paths.ts";

export type { ExampleValues };

export interface PathDescription extends Description {
  /** A 503 of its own (/health's bare body); every other 503 is the shared error. */
  unavailable?: string;
}

type ServiceOperation = Exclude<OperationName, keyof typeof ENDPOINTS>;

/** What the description document says of a described path. */
export const descriptionOf = (name: OperationName): PathDescription => (Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name as keyof typeof ENDPOINTS].description : SERVICE_DESCRIPTIONS[name as ServiceOperation]);

export const SERVICE_DESCRIPTIONS: Record<ServiceOperation, PathDescription> = {
  health: {
    summary: "Whether a build is loaded and readable",
    description: "Outside `/v1`: not enveloped, never rate limited, never cached, no `dataset_version`.",
    ok: () => "A build is loaded and its files can be read.",
    unavailable: "No build is loaded, or its files cannot be read.",
  },
  changes: {
    summary: "What the serving dataset_version changed",
    description: lines(
      "The changes from the build served before this one, for consumers who poll `/v1/meta`: guides added, removed or",
      "retitled, systems added or removed, levels added, removed or renamed, per seed the verdicts added, removed or moved",
      "between levels, items added or removed, and how many response files changed. `from` names the version compared",
      "against: if it is not the version you last saw, you missed one in between (compare dumps). `from` is null for the",
      "first build of a deploy. Verdicts of added or removed guides, systems and items are implied, not listed. Not",
      "enveloped; `ETag` is the serving `dataset_version`, as under `/v1`.",
    ),
    ok: () => "The changelog of the serving build.",
  },
  openapi: {
    summary: "This description document",
    description: lines(
      "The OpenAPI 3.1 description of the API. Not enveloped. Its `ETag` is its own content hash rather than the",
      "`dataset_version`: an edit to the description alone changes the document without changing any response.",
    ),
    ok: () => "The document.",
  },
};

export const PARAMETER_DESCRIPTIONS: Record<ParameterName, string> = {
  DefIndex: "The item's definition index. Digits only (leading zeros allowed); anything else is 422.",
  PaintIndex: "The finish's paint index. Digits only (leading zeros allowed); anything else is 422.",
  Seed: `A pattern seed, 0 to ${MAX_SEED}. Anything else is 422.`,
  PlatformId: "The guide's identifier on its platform: a string of digits.",
  System: "A system id of the guide; an id the guide does not have (or an empty value) is 404.",
  Topic: "Keep only systems carrying this topic. Present counts as sent, even empty. No system has a topic yet.",
  Slug: `An item slug, matched exactly (slugs are lowercase). At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Wins over \`market_hash_name\`.`,
  MarketHashName: `A Steam market hash name, in any of its forms. At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Ignored when \`slug\` is sent; with neither, 400.`,
  Version: "`latest`, or the serving `dataset_version` (from `/v1/meta` or any ETag). Only the serving build's changelog is kept.",
  IfNoneMatch: "An ETag received earlier, sent back as it was (a weak `W/` form, a list containing it, or `*` also match). A match answers 304.",
  AcceptEncoding: "With `gzip` accepted, the dump is sent gzip-encoded.",
};
