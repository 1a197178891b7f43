// `npm run guide:numbers -- PLATFORM_ID [--dataset DIR] [--json] [--record NAME]`: every number of a guide's
// capture that could be a seed and that nothing the guide transcribed accounts for at its place
// (generator/capture/untranscribed.ts), with its line, column and context, so a maintainer can review each.
// A draft still holding `DRAFT-TODO:` placeholders is read as leniently as the review page reads it: the
// numbers are reviewed while the draft is finished. `--json` prints the list as `[{value, line, column,
// context}]` for scripts. `--record NAME` then writes `unassigned_review` (count, today's date, NAME) into the
// guide; `npm run check` verifies the count.
// Exit 0 on success, 1 on a problem with the guide or its capture, 2 on usage.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { captureLocation } from "../../generator/load/snapshot-path.ts";
import { readAttribution } from "../../generator/capture/attribution.ts";
import { accountedParts, untranscribedNumbers } from "../../generator/capture/untranscribed.ts";
import { prepareCapture } from "../../generator/capture/capture.ts";
import { fields } from "../../generator/capture/lenient.ts";

const USAGE = "usage: npm run guide:numbers -- PLATFORM_ID [--dataset DIR] [--json | --record NAME]";
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
  if (record !== undefined && parsed.values.json === true) {
    io.stderr(`guide:numbers: --json lists the numbers only; record the review without it\n${USAGE}\n`);
    return 2;
  }

  const dataset = parsed.values.dataset === undefined ? DEFAULT_DATASET : path.resolve(io.cwd, parsed.values.dataset);
  const guideFile = path.join(dataset, "guides", `${platformId}.json`);
  let document: unknown;
  try {
    document = JSON.parse(await readFile(guideFile, "utf8"));
  } catch (error) {
    io.stderr(`guide:numbers: cannot read ${guideFile}: ${(error as Error).message}\n`);
    return 1;
  }
  const guide = fields(document);
  const snapshot = fields(guide?.snapshot);
  const snapshotPath = snapshot?.path;
  if (guide === null || typeof snapshotPath !== "string") {
    io.stderr(`guide:numbers: ${guideFile} names no capture in snapshot.path (run npm run check)\n`);
    return 1;
  }
  const retrievedAt = typeof snapshot?.retrieved_at === "string" ? snapshot.retrieved_at : "";
  const location = captureLocation(path.join(dataset, "snapshots"), snapshotPath);
  if (location === null) {
    io.stderr(`guide:numbers: snapshot.path ${JSON.stringify(snapshotPath)} leaves snapshots/\n`);
    return 1;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(location);
  } catch (error) {
    io.stderr(`guide:numbers: cannot read the capture ${location}: ${(error as Error).message}\n`);
    return 1;
  }
  const capture = prepareCapture(snapshotPath, bytes);
  if ("problem" in capture.readable) {
    io.stderr(`guide:numbers: ${capture.readable.problem}\n`);
    return 1;
  }
  const { skip } = readAttribution(capture.readable, platformId, retrievedAt);
  const numbers = untranscribedNumbers(capture.readable, accountedParts(document), { skip });

  if (parsed.values.json === true) {
    io.stdout(`${JSON.stringify(numbers.map(({ value, line, column, context }) => ({ value, line, column, context })), null, 2)}\n`);
    return 0;
  }
  io.stdout(`${numbers.length} number${numbers.length === 1 ? "" : "s"} in ${capture.shownPath} not transcribed as seeds of guide ${platformId}:\n`);
  for (const found of numbers) io.stdout(`  line ${found.line}, column ${found.column}: ${found.value}   ${JSON.stringify(found.context.length > 100 ? `${found.context.slice(0, 100)}…` : found.context)}\n`);
  if (record === undefined) return 0;

  // Key order is kept (JSON.parse keeps it); a new review goes just before `systems`, where the format puts it.
  const review = { count: numbers.length, reviewed_at: io.today(), reviewed_by: record.trim() };
  const updated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(guide)) {
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
  return parseArgs({ args, allowPositionals: true, options: { dataset: { type: "string" }, record: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
}

function localDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

if (isMain(import.meta.url)) {
  runAsMain("guide:numbers", (args, io) => runGuideNumbers(args, { ...io, today: () => localDate(new Date()) }));
}
