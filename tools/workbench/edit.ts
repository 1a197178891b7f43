import { z } from "zod";
import { calloutKinds, scaleKinds } from "../../contract/schema/guide.ts";
import { pathSafeId, slug } from "../../contract/schema/common.ts";

// The edits the workbench page sends, as data: each is one action of a maintainer fixing a draft against its
// capture, applied to the guide document by one pure function (apply.ts). A span is a pair of offsets into the
// capture's readable text (the text `npm run check` finds quotes in), so every quote an edit writes is cut out
// of that text: verbatim by construction.

const offset = z.int().min(0);
export const spanSchema = z.object({ start: offset, end: offset }).strict().refine((span) => span.end > span.start, "a span ends after it starts");
export type Span = z.infer<typeof spanSchema>;

const label = z.string().trim().min(1).max(200);
const systemId = z.string().min(1).max(100);
const levelKey = z.string().min(1).max(200);

/** An existing system by id, or a new one, added after the others. */
const systemTarget = z.union([
  z.object({ id: systemId }).strict(),
  z.object({ new: z.object({ label, kind: z.enum(scaleKinds), item: slug }).strict() }).strict(),
]);
/** An existing level by key, or a new one, added below the system's others. */
const levelTarget = z.union([z.object({ key: levelKey }).strict(), z.object({ new: z.object({ label }).strict() }).strict()]);

/** The attribution fields a draft may leave as placeholders that a selection of the page fills. */
export const fillFields = ["title", "authors", "url", "posted", "updated"] as const;
export type FillField = (typeof fillFields)[number];

/**
 * A reading shown once and applied at every place of its shape the page showed (reading.ts): each place a
 * level's label and the listing it labels, or a heading and the section under it whose gradings go.
 */
const readingSchema = z.discriminatedUnion("as", [
  z.object({ as: z.literal("listing"), system: systemTarget, places: z.array(z.object({ label: spanSchema, listing: spanSchema }).strict()).min(1).max(2000) }).strict(),
  z.object({ as: z.literal("not-graded"), places: z.array(z.object({ heading: spanSchema, section: spanSchema }).strict()).min(1).max(2000) }).strict(),
]);

export const editSchema = z.discriminatedUnion("kind", [
  /**
   * The span becomes a level's listing: each of its numbers a grading, quoting the span (`quotes: "span"`) or
   * the line of the span it is on (`"lines"`). A grading already quoting text inside the span is moved, not
   * copied: a number of the page is graded once.
   */
  z.object({ kind: z.literal("assign"), span: spanSchema, quotes: z.enum(["span", "lines"]), system: systemTarget, level: levelTarget }).strict(),
  /** The number at this place is no seed (a count, a note's number): every grading taking it there goes. */
  z.object({ kind: z.literal("drop-number"), number: spanSchema }).strict(),
  /**
   * The number at this place is a seed the guide does not grade there (struck through, taken back): the
   * grading taking it there goes, and the others of its level sharing that quote keep a quote check accepts.
   */
  z.object({ kind: z.literal("not-graded"), number: spanSchema }).strict(),
  z.object({ kind: z.literal("move-level"), system: systemId, level: levelKey, direction: z.enum(["up", "down"]) }).strict(),
  z.object({ kind: z.literal("rename-level"), system: systemId, level: levelKey, label }).strict(),
  /** A new key, unique in its system: the level's gradings and discrepancy places follow it. */
  z.object({ kind: z.literal("rename-level-key"), system: systemId, level: levelKey, key: z.string().trim().min(1).max(200) }).strict(),
  /** Ordered, with the guide's sentence saying so; or not ordered (`sentence: null`). */
  z.object({ kind: z.literal("set-ordered"), system: systemId, level: levelKey, sentence: spanSchema.nullable() }).strict(),
  /**
   * Every level still undecided (guide:draft's placeholder in `ordered`) is not ordered: the guide says of no
   * level that its seeds are ranked, and the maintainer decides that once for all of them.
   */
  z.object({ kind: z.literal("undecided-not-ordered") }).strict(),
  /** The level's gradings join `into`, after its own; the level goes. */
  z.object({ kind: z.literal("merge-levels"), system: systemId, level: levelKey, into: levelKey }).strict(),
  z.object({ kind: z.literal("remove-level"), system: systemId, level: levelKey }).strict(),
  /** A new label, and a new id when given (every reference to the system follows it). */
  z.object({ kind: z.literal("rename-system"), system: systemId, label, id: pathSafeId.optional() }).strict(),
  z.object({ kind: z.literal("set-scale"), system: systemId, scale: z.enum(scaleKinds) }).strict(),
  /** The system's levels and gradings join `into`, after its own; the system goes. */
  z.object({ kind: z.literal("merge-systems"), system: systemId, into: systemId }).strict(),
  /**
   * Every system of this system's label and item joins the first of them (as `merge-systems`), whose levels
   * of one label then become one level (as `merge-levels-by-label`): a table read as a system per row is one
   * system again in one edit.
   */
  z.object({ kind: z.literal("merge-systems-by-label"), system: systemId }).strict(),
  /** Every other system of this system's item joins it, in the guide's order; its levels of one label then become one. */
  z.object({ kind: z.literal("merge-item-systems"), into: systemId }).strict(),
  /** In the system, every level sharing a label with an earlier one joins the first of that label (as `merge-levels`). */
  z.object({ kind: z.literal("merge-levels-by-label"), system: systemId }).strict(),
  z.object({ kind: z.literal("move-system"), system: systemId, direction: z.enum(["up", "down"]) }).strict(),
  /** Another item of the dataset; the paints are kept when every one is a paint of it, else the system covers all of them. */
  z.object({ kind: z.literal("set-item"), system: systemId, item: slug }).strict(),
  /** Some paint indexes of the system's item, or all of them (`null`). */
  z.object({ kind: z.literal("set-paints"), system: systemId, paints: z.array(z.int().min(1)).min(1).max(100).nullable() }).strict(),
  /** One system per paint it covers, each narrowed to that paint. */
  z.object({ kind: z.literal("split-per-paint"), system: systemId }).strict(),
  z.object({ kind: z.literal("remove-system"), system: systemId }).strict(),
  z.object({ kind: z.literal("callout"), span: spanSchema, callout: z.enum(calloutKinds), label: z.string().max(200), system: systemId.nullable() }).strict(),
  z.object({ kind: z.literal("remark"), span: spanSchema, note: z.string().max(2000).nullable(), system: systemId.nullable() }).strict(),
  z.object({ kind: z.literal("item-claim"), span: spanSchema, note: z.string().max(2000).nullable(), system: systemId.nullable() }).strict(),
  z.object({ kind: z.literal("remove-entry"), list: z.enum(["callouts", "remarks", "item_claims"]), index: offset }).strict(),
  /** The service's own words on the transcription (never guide text). */
  z.object({ kind: z.literal("set-notes"), text: z.string().max(5000) }).strict(),
  /** An attribution field read off the span: its text (`title`; `authors`, one a line; `url`), or the date it writes (`posted`, `updated`). */
  z.object({ kind: z.literal("fill"), field: z.enum(fillFields), span: spanSchema }).strict(),
  /** The author's reuse statement, or none on the page (`span: null`). */
  z.object({ kind: z.literal("set-permission-quote"), span: spanSchema.nullable() }).strict(),
  /**
   * The table holding the span (or the list, each of its items a row: list-rows.ts), read by its columns
   * (table.ts): each row's `seeds` cell becomes gradings of the level its `level` cell names, in one system.
   * Columns count from 0, empty cells included.
   */
  z.object({ kind: z.literal("read-table"), span: spanSchema, columns: z.object({ level: offset, seeds: offset }).strict(), system: systemTarget }).strict(),
  z.object({ kind: z.literal("apply-reading"), reading: readingSchema }).strict(),
]);

export type Edit = z.infer<typeof editSchema>;
export type EditKind = Edit["kind"];

/** What the page sends: the edits in order, made on the guide file whose bytes had this sha256. */
export const editRequestSchema = z.object({ base: z.string().regex(/^[0-9a-f]{64}$/), edits: z.array(editSchema).max(5000) }).strict();
export type EditRequest = z.infer<typeof editRequestSchema>;
