import type { z } from "zod";
import { guideSchema } from "../../contract/schema/guide.ts";
import { itemFileSchema } from "../../contract/schema/item.ts";
import { jsonSchemaOf, type JsonSchema } from "./json-schema.ts";

// JSON Schema files for editors (dataset/schema/, mapped in .vscode/settings.json), so an editor completes
// field names and flags a mistake as it is typed. They are the JSON Schema `npm run check` validates with,
// generated from the zod schemas, plus a title and hover descriptions. Written by `npm run schema:write`;
// a test fails when the committed files are not current.

export interface EditorSchemaFile {
  /** Relative to the repository root. */
  file: string;
  text: string;
}

// Hover texts, by field path (property names from the document's root; array elements add nothing). They
// say what dataset/README.md says about each field, in short. A field without one still gets its type,
// enumeration and pattern from the generated schema.
const GUIDE_FIELDS: Record<string, string> = {
  schema: 'The document format version: "1.0".',
  platform_id: "The guide's id on its platform (digits); also this file's name.",
  title: "The guide's title, as written on its page.",
  authors: "The authors' names, as written on the guide page.",
  url: "The guide page's address.",
  posted: "When the guide was posted: local date-time as the page shows it, without offset.",
  updated: "When the guide was last updated: local date-time as the page shows it, without offset.",
  permission: '"unknown" unless the author separately granted a licence.',
  permission_quote: 'The author\'s reuse statement verbatim, or "" when the page has none.',
  collaborators: "How many collaborators the page lists.",
  snapshot: "The capture this guide was transcribed from; every quote occurs verbatim in its readable text (npm run capture:text).",
  "snapshot.path": "The capture's path relative to dataset/snapshots/.",
  "snapshot.retrieved_at": "When the page was saved: a timestamp with offset.",
  "snapshot.sha256": "The hex sha256 of the capture file's bytes (sha256sum). A capture never changes once transcribed.",
  incomplete: "The author's own claim to list only some patterns ({quote}), or null.",
  complete: "The author's own claim to list all patterns ({quote}), or null.",
  notes: "The service's own words about the transcription, never guide text.",
  related_guides: "Guides the author links to: {platform_id, quote}; linking never merges grades.",
  remarks: "Remarks about the guide: {quote, note, system}.",
  item_claims: "Claims about the item: {quote, note, system}.",
  callouts: "Honourable mentions, exclusions, examples and commons: not gradings.",
  "callouts.kind": "exclusion, example, mention or common.",
  "callouts.system": "A system id of this guide, or null.",
  "callouts.images": "File names of images in the capture (an img src, whole or its last part).",
  discrepancies: "Contradictions and slips of the guide, recorded as written, never fixed.",
  "discrepancies.seed": "The seed concerned (a duplicate_seed names the seed listed twice).",
  "discrepancies.where": 'Places "<system id>:<level key>"; for a duplicate_seed exactly the levels the seed is graded in.',
  unassigned_review: "Every number of the capture not transcribed as a seed was reviewed: {count, reviewed_at, reviewed_by}.",
  systems: "One grading system per ranked property of the guide.",
  "systems.id": "Unique in the guide; used in URLs (?system=) and in where entries.",
  "systems.label": "The system's name, as the guide writes it.",
  "systems.item": "A slug of dataset/items/.",
  "systems.paint_indexes": "null for every paint of the item, or the paint indexes the system covers (e.g. one Doppler phase).",
  "systems.alias": "Another name the guide uses for this system, or null.",
  "systems.topic": "null for now.",
  "systems.scale": "{kind, best, worst, definition?}: kind is tier, rank, group, sublevel or band.",
  "systems.levels": "The system's levels, best first: the array order is the only ordering signal.",
  "systems.levels.key": "Unique in the system; gradings name it in `level`.",
  "systems.levels.label": "The level's name as the author wrote it (Tier 1, #1, 100%, a group's name).",
  "systems.levels.images": "File names of images in the capture (an img src, whole or its last part).",
  "systems.levels.ordered": "Whether the guide says the level's seeds are in order.",
  "systems.levels.ordered_quote": "The sentence `ordered` was read from, or null.",
  "systems.levels.gradings": "null only for a level shown as images alone (no grading may point at it).",
  "systems.gradings": "One grading per listed seed, in page order.",
  "systems.gradings.seed": "The pattern seed, 0 to 1000.",
  "systems.gradings.level": "The key of a level of this system.",
  "systems.gradings.quote": "The line or list item the seed was read from, verbatim (spacing and no-break spaces included).",
  "systems.gradings.evidence": "text, caption or image.",
  "systems.gradings.position": "0, 1, 2, ... in the order this level's gradings appear.",
  "systems.gradings.rank": "The rank the guide gives the seed, when it gives one.",
  "systems.gradings.rank_scope": '"level" when the rank was written inside the level\'s own list.',
  "systems.gradings.value": 'A measurement the guide gives, e.g. {"name": "fade_pct", "value": 99.4}.',
  "systems.gradings.equivalent_to": "Seeds the author calls the same pattern; each lists the other.",
};

const ITEM_FIELDS: Record<string, string> = {
  slug: "The alias key of market_name; also this file's name.",
  weapon: "Weapon, knife or glove name.",
  finish: "Finish name.",
  def_index: "The game's item definition index.",
  market_name: "Steam market hash name stem, without star, StatTrak, Souvenir or wear.",
  star: "true for knives and gloves (Steam writes ★ before the name).",
  paints: "One entry per paint index, sorted by paint_index.",
  "paints.paint_label": 'The phase or gem (Phase 2, Ruby, ...); "" when the slug has a single paint.',
};

const EDITOR_SCHEMAS: { file: string; schema: z.ZodType; title: string; description: string; fields: Record<string, string> }[] = [
  {
    file: "dataset/schema/guide.schema.json",
    schema: guideSchema,
    title: "Guide document (dataset/guides/<platform_id>.json)",
    description: "The full guide document, stored exactly as GET /v1/guides/{platform_id} returns it. Generated from contract/schema/guide.ts by npm run schema:write: do not edit.",
    fields: GUIDE_FIELDS,
  },
  {
    file: "dataset/schema/item.schema.json",
    schema: itemFileSchema,
    title: "Item file (dataset/items/<slug>.json)",
    description: "Item identity, written by npm run items:sync. Generated from contract/schema/item.ts by npm run schema:write: do not edit.",
    fields: ITEM_FIELDS,
  },
];

/** The editor schema files, as their bytes should be. */
export function editorSchemaFiles(): EditorSchemaFile[] {
  return EDITOR_SCHEMAS.map(({ file, schema, title, description, fields }) => {
    const generated = jsonSchemaOf(schema);
    const { $schema, ...rest } = generated;
    const described = describeFields(rest, "", fields);
    return { file, text: `${JSON.stringify({ $schema, title, description, ...described }, null, 2)}\n` };
  });
}

/** A copy of the schema with each field's hover text; a pattern's own words are kept after it. */
function describeFields(schema: JsonSchema, path: string, fields: Record<string, string>): JsonSchema {
  const copy: JsonSchema = { ...schema };
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties !== undefined) {
    copy.properties = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => {
        const fieldPath = path === "" ? key : `${path}.${key}`;
        const described = describeFields(property, fieldPath, fields);
        const text = fields[fieldPath];
        if (text === undefined) return [key, described];
        const own = described.description;
        return [key, { ...described, description: typeof own === "string" ? `${text} Format: ${own}.` : text }];
      }),
    );
  }
  // Array elements and the branches of a nullable field belong to the same field path.
  if (schema.items !== undefined && typeof schema.items === "object") copy.items = describeFields(schema.items as JsonSchema, path, fields);
  if (Array.isArray(schema.anyOf)) copy.anyOf = (schema.anyOf as JsonSchema[]).map((branch) => describeFields(branch, path, fields));
  return copy;
}

/** Field paths with a hover text that no field of the schema has: a renamed field leaves one behind. */
export function unusedFieldTexts(): string[] {
  const unused: string[] = [];
  for (const { schema, fields } of EDITOR_SCHEMAS) {
    const paths = new Set<string>();
    collectPaths(jsonSchemaOf(schema), "", paths);
    for (const fieldPath of Object.keys(fields)) if (!paths.has(fieldPath)) unused.push(fieldPath);
  }
  return unused;
}

function collectPaths(schema: JsonSchema, path: string, paths: Set<string>): void {
  for (const [key, property] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    const fieldPath = path === "" ? key : `${path}.${key}`;
    paths.add(fieldPath);
    collectPaths(property, fieldPath, paths);
  }
  if (schema.items !== undefined && typeof schema.items === "object") collectPaths(schema.items as JsonSchema, path, paths);
  for (const branch of (schema.anyOf as JsonSchema[] | undefined) ?? []) collectPaths(branch, path, paths);
}
