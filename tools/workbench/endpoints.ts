import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { z } from "zod";
import { DEFAULT_LIMITS } from "../../generator/load/limits.ts";
import { readRegularFile } from "../../generator/load/regular-file.ts";
import { isInside } from "../../generator/load/snapshot-path.ts";
import { guideText } from "../cli/guide-draft.ts";
import type { ReviewReader } from "../review/read.ts";
import { renderReviewBody, renderReviewPage, type WorkbenchPageOptions } from "../review/render.ts";
import { reviewView } from "../review/view.ts";
import { applyEdits } from "./apply.ts";
import { checkEdited, editContextOf, workingInput, type WorkbenchBase } from "./base.ts";
import { editRequestSchema, type Edit } from "./edit.ts";
import { sideEffectsSentence } from "./side-effects.ts";
import { previewOf, previewRequestSchema } from "./preview.ts";

// The workbench's side of `npm run dev`'s server: the guide's page with its controls, its script, and two
// endpoints the script posts the maintainer's edits to. `view` answers the page for the file with the edits
// applied; `save` writes the result to `guides/<platform_id>.json` (the same formatting as guide:draft), has
// the dataset checked, rebuilt and served at once, and answers the page of the saved file; `preview` answers
// what an edit of many places would do (preview.ts) and changes nothing. Local only: a
// request must come over a loopback connection, from the page's own origin, with the token the page was
// served with; a save writes that one file inside the dataset folder, and only over the bytes the edits were
// made on.

/** The largest request body the endpoints read: thousands of edits fit in far less. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const ENDPOINT = /^\/review\/([0-9]+)\/(view|save|preview)$/;

export function isWorkbenchEndpoint(path: string): boolean {
  return ENDPOINT.test(path);
}

export interface WorkbenchRequest {
  method: string;
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Uint8Array;
  /** Whether it came over a loopback connection to a loopback address. */
  loopback: boolean;
}

export interface WorkbenchAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface WorkbenchOptions {
  datasetDir: string;
  reader: ReviewReader;
  /** The token pages carry and requests must send; a random one by default. */
  token?: string;
  /** Rebuilds and serves the dataset after a save (`npm run dev`'s loop); says what became of it. */
  rebuild: () => Promise<string>;
}

export interface Workbench {
  token: string;
  /** The guide's page with the workbench, or null when the dataset has no such guide file. */
  page(platformId: string): Promise<string | null>;
  /** The page's script. */
  script(): Promise<string>;
  handle(request: WorkbenchRequest): Promise<WorkbenchAnswer>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };

/** What the endpoints share: the dataset folder, the versions of guides pages were served, and the rebuild. */
interface Session {
  datasetDir: string;
  token: string;
  rebuild: () => Promise<string>;
  /** The last version of each guide a page was served or saved, so that edits on it need no new read. */
  bases: Map<string, WorkbenchBase>;
  reader: ReviewReader;
}

export function createWorkbench({ datasetDir, reader, token = randomBytes(32).toString("base64url"), rebuild }: WorkbenchOptions): Workbench {
  const session: Session = { datasetDir, token, rebuild, bases: new Map(), reader };
  let script: Promise<string> | null = null;
  return {
    token,
    async page(platformId) {
      const base = await reader.base(platformId);
      if (base === null) return null;
      session.bases.set(platformId, base);
      const input = { platformId, file: base.file, document: base.raw.parsed?.json ?? null, capture: base.capture, problems: base.problems };
      return renderReviewPage(reviewView(input), pageOptions(session, base));
    },
    script: () => (script ??= bundleClient()),
    async handle(request) {
      const match = ENDPOINT.exec(request.path);
      if (match === null) return answer(404, { ok: false, message: "no such workbench endpoint" });
      if (request.method !== "POST") return { ...answer(405, { ok: false, message: "the workbench's endpoints answer POST only" }), headers: { ...JSON_HEADERS, allow: "POST" } };
      const refused = guard(request, token);
      if (refused !== null) return refused;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(request.body).toString("utf8"));
      } catch {
        return answer(400, { ok: false, message: "the request body is not JSON" });
      }
      if (match[2] === "preview") return previewEdits(session, match[1]!, parsed);
      const edits = editRequestSchema.safeParse(parsed);
      if (!edits.success) return answer(400, { ok: false, message: `not a list of edits: ${firstIssue(edits.error)}` });
      return match[2] === "save" ? saveEdits(session, match[1]!, edits.data) : viewEdits(session, match[1]!, edits.data);
    },
  };
}

/** The guide's version the edits were made on: the one remembered, else the file read again (which may have changed, or gone). */
async function baseOf(session: Session, platformId: string, sha256: string): Promise<WorkbenchBase | "gone" | "changed"> {
  const known = session.bases.get(platformId);
  if (known !== undefined && known.sha256 === sha256) return known;
  const read = await session.reader.base(platformId);
  if (read === null) return "gone";
  session.bases.set(platformId, read);
  return read.sha256 === sha256 ? read : "changed";
}

function pageOptions(session: Session, base: WorkbenchBase): WorkbenchPageOptions {
  return {
    token: session.token,
    base: base.sha256,
    items: [...base.items.values()].map((item) => ({ slug: item.slug, paints: item.paints.map((paint) => ({ index: paint.paint_index, label: paint.paint_label })) })).sort((a, b) => (a.slug < b.slug ? -1 : 1)),
  };
}

/** The page's body for the guide with the edits applied, or why they cannot be. */
async function viewEdits(session: Session, platformId: string, request: { base: string; edits: Edit[] }): Promise<WorkbenchAnswer> {
  // Said at the next edit rather than at the save: the edits were made on bytes that are gone.
  const file = guideFile(session.datasetDir, platformId);
  if (!("problem" in file) && file.sha256 !== request.base) return refusedBase(platformId, "changed");
  const base = await baseOf(session, platformId, request.base);
  if (typeof base === "string") return refusedBase(platformId, base);
  const working = workingInput(base, request.edits);
  if (!working.ok) return answer(422, { ok: false, message: editRefused(request.edits, working) });
  // What the last edit changed besides what it was about, for the page to say beside it.
  const also = sideEffectsSentence(working.sideEffects);
  return answer(200, { ok: true, body: renderReviewBody(reviewView(working.input), pageOptions(session, base)), also, sideEffects: working.sideEffects });
}

/** What an edit of many places would do (preview.ts), on the guide with the edits so far applied; nothing is changed. */
async function previewEdits(session: Session, platformId: string, body: unknown): Promise<WorkbenchAnswer> {
  const request = previewRequestSchema.safeParse(body);
  if (!request.success) return answer(400, { ok: false, message: `not a preview request: ${firstIssue(request.error)}` });
  const base = await baseOf(session, platformId, request.data.base);
  if (typeof base === "string") return refusedBase(platformId, base);
  const readable = base.capture?.readable;
  if (readable === undefined || "problem" in readable) return answer(422, { ok: false, message: "the guide's capture has no readable text to read" });
  // A capture with readable text always gives the edits their context (base.ts).
  const context = editContextOf(base)!;
  const applied = applyEdits(base.raw.parsed?.json ?? null, request.data.edits, context);
  if (!applied.ok) return answer(422, { ok: false, message: editRefused(request.data.edits, applied) });
  return answer(200, { ok: true, preview: previewOf(readable, applied.guide, request.data.preview) });
}

/** Writes the guide with the edits applied over the very bytes they were made on, has it rebuilt and served, and answers its page. */
async function saveEdits(session: Session, platformId: string, request: { base: string; edits: Edit[] }): Promise<WorkbenchAnswer> {
  const file = guideFile(session.datasetDir, platformId);
  if ("problem" in file) return answer(409, { ok: false, message: file.problem });
  if (file.sha256 !== request.base) return refusedBase(platformId, "changed");
  const base = await baseOf(session, platformId, request.base);
  if (typeof base === "string") return refusedBase(platformId, base);
  const working = workingInput(base, request.edits);
  if (!working.ok) return answer(422, { ok: false, message: editRefused(request.edits, working) });
  let text: string;
  try {
    text = guideText(working.document);
  } catch (error) {
    return answer(413, { ok: false, message: error instanceof Error ? error.message : String(error) });
  }
  const written = writeGuide(file.location, text, request.base);
  if (written !== null) return answer(409, { ok: false, message: written });
  const sha256 = createHash("sha256").update(text).digest("hex");
  const document = JSON.parse(text) as unknown;
  const saved: WorkbenchBase = { ...base, sha256, raw: { ...base.raw, parsed: { json: document }, problems: [], sha256 }, problems: checkEdited(base, document) };
  session.bases.set(platformId, saved);
  const served = await session.rebuild();
  const problems = saved.problems.length;
  const message = `Saved ${base.file}: check finds ${problems === 0 ? "no problem" : `${problems} problem${problems === 1 ? "" : "s"} (shown where they are)`}; ${served}`;
  const view = reviewView({ platformId, file: base.file, document, capture: base.capture, problems: saved.problems });
  return answer(200, { ok: true, base: sha256, message, body: renderReviewBody(view, pageOptions(session, saved)) });
}

/**
 * Refuses a request not made by the page itself: over a connection that is not loopback, from another origin
 * (a page elsewhere posting here, which could not have read the token anyway), without the token, or not as
 * JSON (which no plain form can send).
 */
function guard(request: WorkbenchRequest, token: string): WorkbenchAnswer | null {
  if (!request.loopback) return answer(403, { ok: false, message: "the workbench takes edits only on a server bound to 127.0.0.1" });
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const host = header("host");
  // An Origin not sent is not the page's own (undefined is no `http://` origin).
  if (host === undefined || header("origin") !== `http://${host}`) return answer(403, { ok: false, message: "the workbench takes edits from its own page only (Origin)" });
  const site = header("sec-fetch-site");
  if (site !== undefined && site !== "same-origin") return answer(403, { ok: false, message: "the workbench takes edits from its own page only (Sec-Fetch-Site)" });
  const sent = Buffer.from(header("x-workbench-token") ?? "");
  const expected = Buffer.from(token);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return answer(403, { ok: false, message: "the workbench's token is missing or wrong: reload the page" });
  if (!/^application\/json\s*(?:;|$)/i.test(header("content-type") ?? "")) return answer(415, { ok: false, message: "the workbench takes JSON only" });
  return null;
}

/** The guide file's location and its bytes' sha256 now, read as `npm run check` reads it; a link or any other entry is refused. */
function guideFile(datasetDir: string, platformId: string): { location: string; sha256: string } | { problem: string } {
  let folder: string;
  try {
    folder = realpathSync(path.join(datasetDir, "guides"));
  } catch {
    return { problem: "the dataset has no guides/ folder" };
  }
  if (!isInside(realpathSync(datasetDir), folder)) return { problem: "guides/ is a link out of the dataset folder: the workbench writes nothing there" };
  const location = path.join(folder, `${platformId}.json`);
  const read = readRegularFile(location, DEFAULT_LIMITS.maxBytes.guides);
  if (!read.ok) {
    const why = "notRegular" in read ? `is ${read.notRegular}` : "tooLarge" in read ? "is over the size limit for guides/" : read.code === "ELOOP" ? "is a symbolic link" : `cannot be read (${read.code})`;
    return { problem: `guides/${platformId}.json ${why}: the workbench saves only over the regular file it read` };
  }
  return { location, sha256: createHash("sha256").update(read.bytes).digest("hex") };
}

/**
 * Writes the guide's text beside its file and renames it over the file, once more making sure the file is
 * still the one the edits were made on. A name starting with a dot is no dataset file (the loader skips it).
 */
function writeGuide(location: string, text: string, base: string): string | null {
  const temporary = path.join(path.dirname(location), `.${path.basename(location)}.${randomBytes(6).toString("hex")}.saving`);
  try {
    writeFileSync(temporary, text, { flag: "wx" });
    const now = readRegularFile(location, DEFAULT_LIMITS.maxBytes.guides);
    if (!now.ok || createHash("sha256").update(now.bytes).digest("hex") !== base) {
      rmSync(temporary, { force: true });
      return `${path.basename(location)} changed on disk while saving: reload the page`;
    }
    renameSync(temporary, location);
    return null;
  } catch (error) {
    rmSync(temporary, { force: true });
    return `could not write ${path.basename(location)} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
}

/** Why edits cannot be made on the version of the guide they name: the file is gone, or is no longer that version. */
const REFUSED_BASE: Record<"gone" | "changed", (platformId: string) => WorkbenchAnswer> = {
  gone: (platformId) => answer(404, { ok: false, message: `the dataset has no guide file guides/${platformId}.json` }),
  changed: (platformId) => answer(409, { ok: false, message: `guides/${platformId}.json changed on disk since this page read it: reload the page (unsaved edits are lost)` }),
};

function refusedBase(platformId: string, why: "gone" | "changed"): WorkbenchAnswer {
  return REFUSED_BASE[why](platformId);
}

/** The edit that cannot be applied, by its place among the edits (a refusal always names one of them). */
function editRefused(edits: readonly Edit[], refused: { index: number; message: string }): string {
  return `edit ${refused.index + 1} (${edits[refused.index]!.kind}) cannot be applied: ${refused.message}`;
}

/** A request's first problem as zod finds it (a failed parse has at least one): what is wrong, and where. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.message} at ${issue.path.join(".")}`;
}

function answer(status: number, body: Record<string, unknown>): WorkbenchAnswer {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

const CLIENT = fileURLToPath(new URL("client.ts", import.meta.url));

async function bundleClient(): Promise<string> {
  const result = await build({ entryPoints: [CLIENT], bundle: true, write: false, format: "iife", target: "es2022", platform: "browser", legalComments: "none", logLevel: "silent", charset: "utf8" });
  return result.outputFiles[0]!.text;
}
