// `npm run guide:numbers -- PLATFORM_ID [--dataset DIR] [--record NAME]`: every number of a guide's capture
// that could be a seed and is not one of the guide's graded seeds (generator/capture/untranscribed.ts),
// with its line and context, so a maintainer can review each. `--record NAME` then writes
// `unassigned_review` (count, today's date, NAME) into the guide; `npm run check` verifies the count.
// Exit 0 on success, 1 on a problem with the guide or its capture, 2 on usage.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { captureLocation } from "../../generator/load/snapshot-path.ts";
import { readAttribution } from "../../generator/capture/attribution.ts";
import { untranscribedNumbers } from "../../generator/capture/untranscribed.ts";
import { prepareCapture } from "../../generator/capture/capture.ts";
import { guideShape } from "../../generator/validate/shape.ts";

const USAGE = "usage: npm run guide:numbers -- PLATFORM_ID [--dataset DIR] [--record NAME]";
const DEFAULT_DATASET = fileURLToPath(new URL("../../dataset/", import.meta.url));

export interface NumbersIo extends CliIo {
  /** Today's local date, YYYY-MM-DD (injected so tests do not depend on the clock). */
  today: () => string;
}

export async function runGuideNumbers(args: string[], io: NumbersIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.stderr(`guide:numbers: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [platformId, ...extra] = parsed.positionals;
  if (platformId === undefined || extra.length > 0 || !/^[0-9]+$/.test(platformId)) {
    io.stderr(`guide:numbers: give one guide's platform_id (digits)\n${USAGE}\n`);
    return 2;
  }
  const record = parsed.values.record;
  if (record !== undefined && record.trim() === "") {
    io.stderr(`guide:numbers: --record needs the reviewer's name\n${USAGE}\n`);
    return 2;
  }

  const dataset = parsed.values.dataset === undefined ? DEFAULT_DATASET : path.resolve(io.cwd, parsed.values.dataset);
  const guideFile = path.join(dataset, "guides", `${platformId}.json`);
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(await readFile(guideFile, "utf8")) as Record<string, unknown>;
  } catch (error) {
    io.stderr(`guide:numbers: cannot read ${guideFile}: ${(error as Error).message}\n`);
    return 1;
  }
  const shape = guideShape(document);
  if (!shape.ok) {
    io.stderr(`guide:numbers: ${guideFile} is not a valid guide document yet (run npm run check); first problem: ${shape.findings[0]!.path}: ${shape.findings[0]!.message}\n`);
    return 1;
  }
  const guide = shape.value;
  const location = captureLocation(path.join(dataset, "snapshots"), guide.snapshot.path);
  if (location === null) {
    io.stderr(`guide:numbers: snapshot.path ${JSON.stringify(guide.snapshot.path)} leaves snapshots/\n`);
    return 1;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(location);
  } catch (error) {
    io.stderr(`guide:numbers: cannot read the capture ${location}: ${(error as Error).message}\n`);
    return 1;
  }
  const capture = prepareCapture(guide.snapshot.path, bytes);
  if ("problem" in capture.readable) {
    io.stderr(`guide:numbers: ${capture.readable.problem}\n`);
    return 1;
  }
  const { skip } = readAttribution(capture.readable, guide.platform_id, guide.snapshot.retrieved_at);
  const numbers = untranscribedNumbers(capture.readable, guide.systems, { skip });

  io.stdout(`${numbers.length} number${numbers.length === 1 ? "" : "s"} in ${capture.shownPath} not transcribed as seeds of guide ${platformId}:\n`);
  for (const found of numbers) io.stdout(`  line ${found.line}: ${found.value}   ${JSON.stringify(found.context.length > 100 ? `${found.context.slice(0, 100)}…` : found.context)}\n`);
  if (record === undefined) return 0;

  // Key order is kept (JSON.parse keeps it); a new review goes just before `systems`, where the format puts it.
  const review = { count: numbers.length, reviewed_at: io.today(), reviewed_by: record.trim() };
  const updated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (key === "unassigned_review") continue;
    if (key === "systems") updated.unassigned_review = review;
    updated[key] = value;
  }
  updated.unassigned_review = review;
  await writeFile(guideFile, `${JSON.stringify(updated, null, 2)}\n`);
  io.stdout(`recorded unassigned_review ${JSON.stringify(review)} in ${path.relative(io.cwd, guideFile) || guideFile}\n`);
  return 0;
}

function parse(args: string[]) {
  return parseArgs({ args, allowPositionals: true, options: { dataset: { type: "string" }, record: { type: "string" }, help: { type: "boolean", short: "h" } } });
}

function localDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

if (isMain(import.meta.url)) {
  runAsMain("guide:numbers", (args, io) => runGuideNumbers(args, { ...io, today: () => localDate(new Date()) }));
}
