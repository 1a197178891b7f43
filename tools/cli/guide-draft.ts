// `npm run guide:draft -- --capture PATH --item SLUG [--item SLUG ...] --platform-id ID [--dataset DIR]
// [--out FILE] [--retrieved-at ISO] [--force]`: reads a saved guide page as `npm run check` reads it and writes a
// full guide document drafted from its lists (tools/draft/draft.ts), then prints its summary: what to check
// first (placeholders, everything the draft guessed and every grading a reader would doubt, each with its
// line), what it drafted (each system with its item and paints), and every number of the guide's text it did
// not transcribe. A page ranking several items is drafted with `--item` once per item. A capture outside the dataset is first copied, unmodified, to
// snapshots/<platform_id>/<file name>. Exit 0 when written, 1 on a problem with the inputs, 2 on usage.

import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { DEFAULT_LIMITS, formatByteSize } from "../../generator/load/limits.ts";
import { errorCode, readRegularFile } from "../../generator/load/regular-file.ts";
import { isInside } from "../../generator/load/snapshot-path.ts";
import { decodeUtf8 } from "../../generator/load/utf8.ts";
import { printable } from "../../generator/printable.ts";
import { draftGuideWithin } from "../draft/draft.ts";
import { prepareCapture } from "../../generator/capture/capture.ts";
import { itemShape } from "../../generator/validate/shape.ts";

const USAGE =
  "usage: npm run guide:draft -- --capture PATH --item SLUG [--item SLUG ...] --platform-id ID [--dataset DIR] [--out FILE] [--retrieved-at ISO] [--force]";
const DEFAULT_DATASET = fileURLToPath(new URL("../../dataset/", import.meta.url));

export interface DraftIo extends CliIo {
  /** The local time zone's offset of a date in minutes east of UTC (injected so tests do not depend on the machine). */
  offsetMinutes?: (date: Date) => number;
}

class InputError extends Error {}

export async function runGuideDraft(args: string[], io: DraftIo): Promise<number> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        capture: { type: "string" },
        item: { type: "string", multiple: true },
        "platform-id": { type: "string" },
        dataset: { type: "string" },
        out: { type: "string" },
        "retrieved-at": { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.stderr(`guide:draft: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const slugs = (values.item ?? []) as string[];
  const given = (name: string) => (name === "item" ? slugs.length > 0 && !slugs.includes("") : typeof values[name] === "string" && values[name] !== "");
  const missing = ["capture", "item", "platform-id"].filter((name) => !given(name));
  if (missing.length > 0) {
    io.stderr(`guide:draft: missing ${missing.map((name) => `--${name}`).join(", ")}\n${USAGE}\n`);
    return 2;
  }
  const twice = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (twice !== undefined) {
    io.stderr(`guide:draft: --item ${printable(twice)} is given twice\n${USAGE}\n`);
    return 2;
  }
  const platformId = values["platform-id"] as string;
  if (!/^[0-9]+$/.test(platformId)) {
    io.stderr(`guide:draft: --platform-id must be the guide's id on its platform, digits only (got ${JSON.stringify(platformId)})\n`);
    return 2;
  }
  const retrievedAt = values["retrieved-at"] as string | undefined;
  if (retrievedAt !== undefined && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.test(retrievedAt)) {
    io.stderr(`guide:draft: --retrieved-at must be a timestamp with its offset, like 2024-03-02T09:30:00+01:00 (got ${JSON.stringify(retrievedAt)})\n`);
    return 2;
  }

  // What this run created (a copied capture, the folders made for it): removed when the run fails.
  const created: string[] = [];
  try {
    const dataset = values.dataset === undefined ? DEFAULT_DATASET : path.resolve(io.cwd, values.dataset as string);
    const snapshots = path.join(dataset, "snapshots");
    const items = [];
    for (const slug of slugs) items.push(await readItem(path.join(dataset, "items", `${slug}.json`), slug));
    const out = values.out === undefined ? path.join(dataset, "guides", `${platformId}.json`) : path.resolve(io.cwd, values.out as string);
    if (!values.force && (await exists(out))) throw new InputError(`${out} exists; pass --force to overwrite it`);

    // The capture is read as `npm run check` reads one: a regular file of at most 32 MiB.
    let capturePath = path.resolve(io.cwd, values.capture as string);
    const { bytes, mtime } = await readCaptureFile(capturePath, values.capture as string);
    if (!isInside(snapshots, capturePath)) {
      const copy = path.join(snapshots, platformId, path.basename(capturePath));
      if (await exists(copy)) {
        const existing = await readCaptureFile(copy, copy);
        if (Buffer.compare(existing.bytes, bytes) !== 0) throw new InputError(`${copy} exists with other bytes; a capture never changes (move it away, or draft from it)`);
      } else {
        const folder = await mkdir(path.dirname(copy), { recursive: true });
        if (folder !== undefined) created.push(folder);
        // The bytes read above, so the copy is the very capture drafted from.
        await writeFile(copy, bytes, { flag: "wx" });
        created.push(copy);
      }
      capturePath = copy;
    }
    const snapshotPath = path.relative(snapshots, capturePath).split(path.sep).join("/");
    const capture = prepareCapture(snapshotPath, bytes);
    if ("problem" in capture.readable) throw new InputError(capture.readable.problem);
    if (!decodeUtf8(bytes).ok) throw new InputError(`${capturePath} is not UTF-8`);

    const offsetOf = io.offsetMinutes ?? ((date: Date) => -date.getTimezoneOffset());
    const retrieved = retrievedAt ?? withOffset(mtime, offsetOf(mtime));
    const started = performance.now();
    const draft = draftGuideWithin(
      {
        capture: capture.readable,
        platformId,
        items,
        snapshot: { path: snapshotPath, retrieved_at: retrieved, sha256: createHash("sha256").update(bytes).digest("hex") },
      },
      DEFAULT_LIMITS.maxBytes.guides,
    );
    if ("tooLarge" in draft) throw draftTooLarge();
    const took = performance.now() - started;
    const text = guideText(draft.guide);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, text);

    if (created.length > 0) io.stdout(`copied the capture to ${printable(path.relative(io.cwd, capturePath))}\n`);
    io.stdout(`wrote ${printable(path.relative(io.cwd, out) || out)} (drafted in ${took.toFixed(0)} ms)\n`);
    io.stdout(`${draft.summary.join("\n")}\n`);
    io.stdout(`\nNext: review the draft against the page (npm run capture:text -- ${printable(path.relative(io.cwd, capturePath))}), replace every DRAFT-TODO, then npm run check.\n`);
    return 0;
  } catch (error) {
    // Nothing of a failed run is left behind: the copy first, then the folders made for it.
    for (const location of created.reverse()) await rm(location, { recursive: true, force: true });
    if (error instanceof InputError) {
      io.stderr(`guide:draft: ${printable(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}

/** A capture's bytes and modification time, read by the rules of `npm run check` (regular-file.ts, limits.ts). */
async function readCaptureFile(location: string, shown: string): Promise<{ bytes: Uint8Array; mtime: Date }> {
  const limit = DEFAULT_LIMITS.maxBytes.snapshots;
  let real: string;
  try {
    real = await realpath(location);
  } catch (error) {
    throw new InputError(`${shown} cannot be read (${errorCode(error)})`);
  }
  const read = readRegularFile(real, limit);
  if (!read.ok) {
    if ("notRegular" in read) throw new InputError(`${shown} is ${read.notRegular}, not a regular file`);
    if ("tooLarge" in read) throw new InputError(`${shown} is ${formatByteSize(read.tooLarge)}, over the limit of ${formatByteSize(limit)} for captures`);
    throw new InputError(`${shown} cannot be read (${read.code})`);
  }
  return { bytes: read.bytes, mtime: (await stat(real)).mtime };
}

function draftTooLarge(): InputError {
  return new InputError(`the draft is larger than the ${formatByteSize(DEFAULT_LIMITS.maxBytes.guides)} npm run check accepts for a guide file; nothing was written`);
}

/**
 * The guide file's text, or an InputError when it would be larger than `npm run check` accepts for a guide
 * file. The length of its strings is measured first: a quote is a whole line of the page, so a page whose
 * one line lists two million numbers would make a text past any string's length limit.
 */
export function guideText(guide: unknown): string {
  const limit = DEFAULT_LIMITS.maxBytes.guides;
  const atLeast = stringLengths(guide, limit);
  if (atLeast > limit) throw draftTooLarge();
  const text = `${JSON.stringify(guide, null, 2)}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > limit) throw draftTooLarge();
  return text;
}

/** The length of every string and key in `value` together (a lower bound of its JSON's size in bytes), counted until past `stop`. */
function stringLengths(value: unknown, stop: number): number {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && total <= stop) {
    const next = pending.pop();
    if (typeof next === "string") total += next.length + 2;
    else if (Array.isArray(next)) for (const element of next) pending.push(element);
    else if (next !== null && typeof next === "object") {
      for (const [key, element] of Object.entries(next)) {
        total += key.length + 3;
        pending.push(element);
      }
    } else total += 1;
  }
  return total;
}

async function readItem(file: string, slug: string) {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new InputError(`no item ${JSON.stringify(slug)}: ${file} does not exist (item files are written by npm run items:sync)`);
  }
  const shape = itemShape(JSON.parse(text));
  if (!shape.ok) throw new InputError(`${file} is not a valid item file; run npm run check`);
  return shape.value;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

/** A local timestamp with its offset, as `snapshot.retrieved_at` is written. */
export function withOffset(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const absolute = Math.abs(offsetMinutes);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${local.toISOString().slice(0, 19)}${sign}${two(Math.floor(absolute / 60))}:${two(absolute % 60)}`;
}

if (isMain(import.meta.url)) {
  runAsMain("guide:draft", runGuideDraft);
}
