import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Guide } from "../../../contract/schema/guide.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { PLACEHOLDER } from "../../../generator/validate/placeholder.ts";
import { unassignedReviewCountsTheNumbers } from "../../../generator/validate/rules/unassigned-review.ts";
import { runGuideNumbers } from "../../../tools/cli/guide-numbers.ts";
import { temporaryFolders } from "../../support/temporary.ts";

// `npm run guide:numbers` on a test page whose levels are labelled `1`, `2` and `3`, with listed seeds left out
// of its transcription on purpose (test/fixtures/numbers/digit-labels/, test data): every one of them is
// listed, though each begins with a level's digit.

const FIXTURE = fileURLToPath(new URL("../../fixtures/numbers/digit-labels/", import.meta.url));
const PLATFORM_ID = "990000101";
const folders = temporaryFolders("psg-guide-numbers-");
afterAll(() => folders.removeAll());

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runGuideNumbers(args, { cwd: process.cwd(), stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), today: () => "2024-03-10" });
  return { code, stdout, stderr };
}

/** A copy of the fixture dataset, its guide edited, for runs that write or read an edited guide. */
function copyWith(edit: (guide: Record<string, any>) => void = () => {}): { dataset: string; guideFile: string } {
  const dataset = path.join(folders.make(), "dataset");
  cpSync(FIXTURE, dataset, { recursive: true });
  const guideFile = path.join(dataset, "guides", `${PLATFORM_ID}.json`);
  const guide = JSON.parse(readFileSync(guideFile, "utf8")) as Record<string, any>;
  edit(guide);
  writeFileSync(guideFile, `${JSON.stringify(guide, null, 2)}\n`);
  return { dataset, guideFile };
}

const CLOSE_BEHIND = "Close behind: 15, 112, 179";
const MORE_LIKE_3 = "More like 3: 301, 399.";
const EXPECTED = [
  { value: 15, line: 19, column: 15, context: CLOSE_BEHIND },
  { value: 112, line: 19, column: 19, context: CLOSE_BEHIND },
  { value: 179, line: 19, column: 24, context: CLOSE_BEHIND },
  { value: 250, line: 35, column: 1, context: "250, 260, 290" },
  { value: 260, line: 35, column: 6, context: "250, 260, 290" },
  { value: 290, line: 35, column: 11, context: "250, 260, 290" },
  { value: 3, line: 50, column: 11, context: MORE_LIKE_3 },
  { value: 301, line: 50, column: 14, context: MORE_LIKE_3 },
  { value: 399, line: 50, column: 19, context: MORE_LIKE_3 },
];

describe("npm run guide:numbers", () => {
  it("lists every listed seed the transcription left out, though it begins with a level's digit, with its line and column", async () => {
    const { code, stdout, stderr } = await run([PLATFORM_ID, "--dataset", FIXTURE]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const lines = stdout.split("\n");
    expect(lines[0]).toBe(`9 numbers in snapshots/test/digit-labels.html not transcribed as seeds of guide ${PLATFORM_ID}:`);
    expect(lines[1]).toBe(`  line 19, column 15: 15   ${JSON.stringify(CLOSE_BEHIND)}`);
    expect(lines.slice(1, -1).map((line) => Number(/: (\d+) {3}/.exec(line)![1]))).toEqual(EXPECTED.map((found) => found.value));
  });

  it("does not list the levels' headings, the count in a seed's comment, nor a note's level where the note is transcribed", async () => {
    const { stdout } = await run([PLATFORM_ID, "--dataset", FIXTURE]);
    expect(stdout).not.toMatch(/line \d+, column \d+: (?:1|2)\s/);
    expect(stdout).not.toContain("gold stripe");
    expect(stdout).not.toContain("almost 1");
  });

  it("prints the list as JSON with --json", async () => {
    const { code, stdout, stderr } = await run([PLATFORM_ID, "--dataset", FIXTURE, "--json"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(stdout)).toEqual(EXPECTED);
  });

  it("lists the numbers of a draft still holding placeholders as of a finished guide", async () => {
    const { dataset } = copyWith((guide) => {
      guide.notes = PLACEHOLDER.notes;
      guide.systems[0].levels[0].ordered = PLACEHOLDER.ordered;
    });
    const { code, stdout, stderr } = await run([PLATFORM_ID, "--dataset", dataset, "--json"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(stdout)).toEqual(EXPECTED);
  });

  it("lists a seed again once its grading is removed", async () => {
    const { dataset } = copyWith((guide) => {
      guide.systems[0].gradings = guide.systems[0].gradings.filter((grading: { seed: number }) => grading.seed !== 220);
    });
    const { stdout } = await run([PLATFORM_ID, "--dataset", dataset, "--json"]);
    expect(JSON.parse(stdout)).toContainEqual({ value: 220, line: 32, column: 18, context: "204 (almost 1) • 220 • 245" });
  });

  it("records the review with --record, with the count check verifies", async () => {
    const { dataset, guideFile } = copyWith();
    const { code, stdout } = await run([PLATFORM_ID, "--dataset", dataset, "--record", "Test Reviewer"]);
    expect(code).toBe(0);
    expect(stdout).toContain('recorded unassigned_review {"count":9,"reviewed_at":"2024-03-10","reviewed_by":"Test Reviewer"}');
    const guide = JSON.parse(readFileSync(guideFile, "utf8")) as Guide;
    const capture = prepareCapture(guide.snapshot.path, readFileSync(path.join(dataset, "snapshots", guide.snapshot.path))).readable;
    if ("problem" in capture) throw new Error(capture.problem);
    expect(unassignedReviewCountsTheNumbers(guide, capture)).toEqual([]);
    expect(unassignedReviewCountsTheNumbers({ ...guide, unassigned_review: { ...guide.unassigned_review!, count: 0 } }, capture)).toHaveLength(1);
  });

  it("refuses --json with --record, and a guide naming no capture", async () => {
    expect((await run([PLATFORM_ID, "--dataset", FIXTURE, "--json", "--record", "Test Reviewer"])).code).toBe(2);
    const { dataset } = copyWith((guide) => {
      delete guide.snapshot;
    });
    const refused = await run([PLATFORM_ID, "--dataset", dataset]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("names no capture in snapshot.path");
  });
});
