// Generated from the description document's component schemas and the path table (contract/paths.ts)
// by generator/openapi/typescript.ts (npm run client:build). Do not edit: change the zod schemas in
// contract/schema/ or the path table instead.

/** What one build changes against the build served before it, in API terms; totals first. */
export type Changes = {
  from: string | null;
  to: string;
  totals: {
    guides_added: number;
    guides_removed: number;
    guides_retitled: number;
    systems_added: number;
    systems_removed: number;
    levels_added: number;
    levels_removed: number;
    levels_renamed: number;
    verdicts_added: number;
    verdicts_removed: number;
    verdicts_moved: number;
    items_added: number;
    items_removed: number;
    responses_changed: number;
    responses_added: number;
    responses_removed: number;
  };
  guides: {
    added: Array<{
      platform_id: string;
      title: string;
    }>;
    removed: Array<{
      platform_id: string;
      title: string;
    }>;
    retitled: Array<{
      platform_id: string;
      from: string;
      to: string;
    }>;
  };
  systems: {
    added: Array<{
      platform_id: string;
      system: string;
      label: string;
    }>;
    removed: Array<{
      platform_id: string;
      system: string;
      label: string;
    }>;
  };
  levels: {
    added: Array<{
      platform_id: string;
      system: string;
      key: string;
      label: string;
    }>;
    removed: Array<{
      platform_id: string;
      system: string;
      key: string;
      label: string;
    }>;
    renamed: Array<{
      platform_id: string;
      system: string;
      key: string;
      from: string;
      to: string;
    }>;
  };
  verdicts: {
    added: Array<{
      item: ItemRef;
      seed: number;
      platform_id: string;
      system: string;
      level: {
        key: string;
        label: string;
      };
    }>;
    removed: Array<{
      item: ItemRef;
      seed: number;
      platform_id: string;
      system: string;
      level: {
        key: string;
        label: string;
      };
    }>;
    moved: Array<{
      item: ItemRef;
      seed: number;
      platform_id: string;
      system: string;
      from: {
        key: string;
        label: string;
      };
      to: {
        key: string;
        label: string;
      };
    }>;
  };
  items: {
    added: Item[];
    removed: Item[];
  };
};

export type Dump = {
  items: Item[];
  guides: Guide[];
};

export type DumpEnvelope = {
  dataset_version: string;
  data: Dump;
};

/** The body of every error under `/v1`. */
export type ErrorEnvelope = {
  dataset_version: string;
  error: {
    code: "bad_request" | "not_found" | "rate_limited" | "internal_error";
    message: string;
  };
};

/** A guide document exactly as stored: each system's levels best first, every grading with the exact quote it was read from. */
export type Guide = {
  schema: string;
  platform_id: string;
  title: string;
  authors: string[];
  url: string;
  updated: string;
  permission: string;
  collaborators: number;
  posted: string;
  snapshot: {
    path: string;
    retrieved_at: string;
    sha256: string;
  };
  permission_quote: string;
  incomplete: {
    quote: string;
  } | null;
  complete: {
    quote: string;
  } | null;
  notes: string;
  related_guides: Array<{
    platform_id: string;
    quote: string;
  }>;
  remarks: Array<{
    quote: string;
    note: string | null;
    system: string | null;
  }>;
  item_claims: Array<{
    quote: string;
    note: string | null;
    system: string | null;
  }>;
  callouts: Array<{
    kind: "exclusion" | "example" | "mention" | "common";
    label: string;
    quote: string;
    system: string | null;
    note?: string;
    images?: string[];
    definition?: {
      quote: string;
    };
  }>;
  discrepancies: Array<{
    kind: "duplicate_seed" | "count_mismatch" | "unparseable" | "prose_contradiction" | "caption_vs_list" | "caption_unlisted" | "image_reused";
    seed?: number;
    where?: string[];
    note?: string;
    quote_a?: string;
    quote_b?: string;
  }>;
  unassigned_review?: {
    count: number;
    reviewed_at: string;
    reviewed_by: string;
  };
  systems: Array<{
    id: string;
    label: string;
    item: string;
    paint_indexes: number[] | null;
    alias: string | null;
    topic: string | null;
    definition?: {
      quote: string;
    };
    scale: {
      kind: "tier" | "rank" | "group" | "sublevel" | "band";
      best: number | string | null;
      worst: number | string | null;
      definition?: {
        quote: string;
      };
    };
    remarks: Array<{
      quote: string;
      note: string | null;
      system?: string | null;
    }>;
    levels: Array<{
      key: string;
      label: string;
      images: string[];
      ordered: boolean;
      ordered_quote: string | null;
      definition?: {
        quote: string;
      };
      gradings?: null;
    }>;
    gradings: Array<{
      seed: number;
      level: string;
      quote: string;
      evidence: "text" | "caption" | "image";
      position: number;
      rank?: number;
      rank_scope?: "level";
      value?: {
        name: string;
        value: number;
      };
      note?: {
        quote: string;
      };
      equivalent_to?: number[];
    }>;
  }>;
};

/** Who wrote a guide and where it is. Show the authors and the link beside any grading you display. */
export type GuideBlock = {
  platform_id: string;
  title: string;
  authors: string[];
  url: string;
  permission: string;
  updated: string;
};

export type GuideEnvelope = {
  dataset_version: string;
  data: Guide;
};

/** The bare body of `/health`. */
export type Health = {
  status: "ok" | "error";
};

/** A `(def_index, paint_index)` pair: the canonical item. `paint_label` names the variant or phase of the finish. */
export type Item = {
  def_index: number;
  paint_index: number;
  slug: string;
  weapon: string;
  finish: string;
  paint_label: string;
};

export type ItemMenu = {
  item: Item;
  guides: Array<{
    platform_id: string;
    title: string;
    authors: string[];
    url: string;
    permission: string;
    updated: string;
    systems: Array<{
      id: string;
      label: string;
      alias: string | null;
      topic: string | null;
      kind: "tier" | "rank" | "group" | "sublevel" | "band";
      levels: number;
      seeds: number;
    }>;
  }>;
};

export type ItemMenuEnvelope = {
  dataset_version: string;
  data: ItemMenu;
};

/** An item's identity in seed and patterns responses. */
export type ItemRef = {
  def_index: number;
  paint_index: number;
  slug: string;
};

export type Meta = {
  dataset_version: string;
  loaded_at: string;
  counts: {
    items: number;
    guides: number;
    aliases: number;
    systems: number;
    gradings: number;
  };
};

export type MetaEnvelope = {
  dataset_version: string;
  data: Meta;
};

/** One grading of a seed in the patterns response, without its quote. */
export type PatternEntry = {
  guide: string;
  system: string;
  level: string;
  place: number;
  rank: number | null;
  equivalent_to: number[] | null;
  value: {
    name: string;
    value: number;
  } | null;
};

export type Patterns = {
  item: ItemRef;
  guides: {
    [key: string]: {
      title: string;
      authors: string[];
      url: string;
      permission: string;
      updated: string;
      systems: {
        [key: string]: {
          label: string;
          topic: string | null;
          kind: "tier" | "rank" | "group" | "sublevel" | "band";
          levels: Array<{
            key: string;
            label: string;
          }>;
        };
      };
    };
  };
  seeds: {
    [key: string]: PatternEntry[];
  };
};

export type PatternsEnvelope = {
  dataset_version: string;
  data: Patterns;
};

export type Resolve = {
  items: Item[];
};

export type ResolveEnvelope = {
  dataset_version: string;
  data: Resolve;
};

export type SeedResponse = {
  item: ItemRef;
  seed: number;
  verdicts: Verdict[];
  not_listed: Array<{
    platform_id: string;
    system: string;
  }>;
};

export type SeedResponseEnvelope = {
  dataset_version: string;
  data: SeedResponse;
};

/** One grading of one seed, against its own guide's system only. `rank`, `equivalent_to` and `value` are null when absent. */
export type Verdict = {
  guide: GuideBlock;
  system: {
    id: string;
    label: string;
    topic: string | null;
    kind: "tier" | "rank" | "group" | "sublevel" | "band";
  };
  level: {
    key: string;
    label: string;
    place: number;
    of: number;
  };
  rank: number | null;
  equivalent_to: number[] | null;
  value: {
    name: string;
    value: number;
  } | null;
  evidence: "text" | "caption" | "image";
  quote: string;
};

/** The endpoints by operationId: path template, parameters, and the type of a 200's `data` (its whole body where not enveloped). */
export interface Endpoints {
  /** An item and the guides that cover it */
  getItem: {
    path: "/v1/items/{def_index}/{paint_index}";
    params: { def_index: number; paint_index: number };
    query: { topic?: string };
    response: ItemMenu;
    enveloped: true;
  };
  /** Every guide's verdict on one seed */
  getSeed: {
    path: "/v1/items/{def_index}/{paint_index}/seeds/{seed}";
    params: { def_index: number; paint_index: number; seed: number };
    query: Record<string, never>;
    response: SeedResponse;
    enveloped: true;
  };
  /** Every graded seed of an item, without quotes */
  getPatterns: {
    path: "/v1/items/{def_index}/{paint_index}/patterns";
    params: { def_index: number; paint_index: number };
    query: Record<string, never>;
    response: Patterns;
    enveloped: true;
  };
  /** A guide document, as stored */
  getGuide: {
    path: "/v1/guides/{platform_id}";
    params: { platform_id: string };
    query: { system?: string };
    response: Guide;
    enveloped: true;
  };
  /** Canonical items of a slug or a market hash name */
  resolve: {
    path: "/v1/resolve";
    params: Record<string, never>;
    query: { slug?: string; market_hash_name?: string };
    response: Resolve;
    enveloped: true;
  };
  /** Version, load time and counts of the dataset */
  getMeta: {
    path: "/v1/meta";
    params: Record<string, never>;
    query: Record<string, never>;
    response: Meta;
    enveloped: true;
  };
  /** The whole dataset in one response */
  getDump: {
    path: "/v1/dump";
    params: Record<string, never>;
    query: Record<string, never>;
    response: Dump;
    enveloped: true;
  };
  /** Whether a build is loaded and readable */
  getHealth: {
    path: "/health";
    params: Record<string, never>;
    query: Record<string, never>;
    response: Health;
    enveloped: false;
  };
  /** What the serving dataset_version changed */
  getChanges: {
    path: "/changes/{version}.json";
    params: { version: string };
    query: Record<string, never>;
    response: Changes;
    enveloped: false;
  };
  /** This description document */
  getDescription: {
    path: "/openapi.json";
    params: Record<string, never>;
    query: Record<string, never>;
    response: unknown;
    enveloped: false;
  };
}

/** What a request to each endpoint is built from. */
export const ENDPOINTS: { readonly [N in keyof Endpoints]: Pick<Endpoints[N], "path" | "enveloped"> } = {
  getItem: { path: "/v1/items/{def_index}/{paint_index}", enveloped: true },
  getSeed: { path: "/v1/items/{def_index}/{paint_index}/seeds/{seed}", enveloped: true },
  getPatterns: { path: "/v1/items/{def_index}/{paint_index}/patterns", enveloped: true },
  getGuide: { path: "/v1/guides/{platform_id}", enveloped: true },
  resolve: { path: "/v1/resolve", enveloped: true },
  getMeta: { path: "/v1/meta", enveloped: true },
  getDump: { path: "/v1/dump", enveloped: true },
  getHealth: { path: "/health", enveloped: false },
  getChanges: { path: "/changes/{version}.json", enveloped: false },
  getDescription: { path: "/openapi.json", enveloped: false },
};
