// The comment a pull request gets from CI's dataset-changes job, from what its steps left: the
// changes between the base's build and the pull request's, the graded seeds diff, or the check's own
// lines when the dataset is wrong. Literal inputs; tools/ci/dataset-pr-local.sh (run by .ci/run)
// makes the same comment from two real builds.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_RESPONSE_LINES } from "../../../generator/changes/markdown.ts";
import { COMMENT_MARKER, MAX_COMMENT_CHARS, pullRequestComment, runPrComment, summaryList, type JobOutcome } from "../../../tools/ci/pr-comment.ts";

const CHANGES = ["## Dataset changes: `aaa` → `bbb`", "", "### Levels renamed (1)", "", "| guide | system | key | from | to |", "| --- | --- | --- | --- | --- |", "| 900 | `top30` | p4 | P4 | Place 4 |", ""].join("\n");
const DIFF = [
  "--- a/test/snapshots/graded-seeds.txt",
  "+++ b/test/snapshots/graded-seeds.txt",
  "@@ -1,3 +1,3 @@",
  " 7/44 ak-47-case-hardened, seed 661",
  '-  900 | top30 "Top 30" (rank) | "P4" [p4], place 4 of 30 | text | "P4 — 661"',
  '+  900 | top30 "Top 30" (rank) | "Place 4" [p4], place 4 of 30 | text | "P4 — 661"',
  "",
].join("\n");

const passed: JobOutcome = {
  check: { status: 0, output: "dataset OK: 1 items (1 pairs), 1 guides, 2 gradings\n" },
  changes: { markdown: CHANGES, from: "aaa", to: "bbb" },
  responses: ["changed /v1/guides/900", "changed /v1/items/7/44/seeds/661"],
  gradedSeeds: { diff: DIFF, committed: "current" },
  gradedSeedsUrl: "https://ci.example/artifacts/7",
  runUrl: "https://ci.example/runs/3",
};

describe("the dataset changes comment", () => {
  it("starts with the marker the next run finds it by, then the changes as `npm run changes --markdown` wrote them", () => {
    const { body, changed } = pullRequestComment(passed);
    expect(changed).toBe(true);
    expect(body.startsWith(`${COMMENT_MARKER}\n${CHANGES.trimEnd()}\n`)).toBe(true);
    expect(body).toContain("| 900 | `top30` | p4 | P4 | Place 4 |");
  });

  it("counts the graded seeds diff's lines, links the attached file and shows the diff itself", () => {
    const { body } = pullRequestComment(passed);
    expect(body).toContain("changes by 1 line added and 1 removed: [graded-seeds.diff](https://ci.example/artifacts/7).");
    expect(body).toContain(`\`\`\`diff\n${DIFF.trimEnd()}\n\`\`\``);
    expect(body).toContain("The pull request's `test/snapshots/graded-seeds.txt` is the one its dataset gives.");
    expect(body).toContain("[This run](https://ci.example/runs/3)");
  });

  it("tells the author to commit the graded seeds snapshot when theirs is not the one the dataset gives", () => {
    const { body } = pullRequestComment({ ...passed, gradedSeeds: { diff: DIFF, committed: "stale" } });
    expect(body).toContain("is not the one its dataset gives**: run `npx vitest run test/dataset/graded-seeds.test.ts -u`");
  });

  it("fences the diff so that backticks in a quote cannot end the block", () => {
    const diff = `${DIFF}+  900 | a | "\`\`\`\` four backticks"\n`;
    const { body } = pullRequestComment({ ...passed, gradedSeeds: { diff, committed: "current" } });
    expect(body).toContain("`````diff\n");
    expect(body).toContain("\n`````\n");
  });

  it("cuts a diff too long for one comment, saying how much is shown and where the rest is", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `+  900 | top30 | "Tier" | text | "seed ${i}"`);
    const diff = [...DIFF.split("\n").slice(0, 3), ...many, ""].join("\n");
    const { body } = pullRequestComment({ ...passed, gradedSeeds: { diff, committed: "current" } });
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body).toMatch(/The first [\d,]+ of 20,003 lines; \[graded-seeds\.diff\]\(https:\/\/ci\.example\/artifacts\/7\) has them all\./);
    expect(body).toContain("changes by 20,000 lines added and 0 removed");
  });

  it("says when no verdict line changes", () => {
    const { body } = pullRequestComment({ ...passed, gradedSeeds: { diff: "", committed: "current" } });
    expect(body).toContain("No line of `test/snapshots/graded-seeds.txt` changes");
    expect(body).not.toContain("<details>");
  });

  it("says the dataset changes nothing when both sides build the same dataset_version, and is not worth a new comment", () => {
    const { body, changed } = pullRequestComment({ ...passed, changes: { markdown: "", from: "bbb", to: "bbb" }, gradedSeeds: { diff: "", committed: "current" } });
    expect(changed).toBe(false);
    expect(body).toContain("None for API consumers: the pull request's dataset builds the same `dataset_version` as its base's (`bbb`).");
  });

  it("shows the check's own lines, verbatim, when the dataset is wrong", () => {
    const output = "guides/900.json: systems[0].gradings[3].quote: not found in the capture (expected a verbatim quote)\ncheck: 1 problem\n";
    const { body, changed } = pullRequestComment({ ...passed, check: { status: 1, output }, changes: null, gradedSeeds: null });
    expect(changed).toBe(true);
    expect(body).toContain("## Dataset check failed");
    expect(body).toContain(`\`\`\`text\n${output.trimEnd()}\n\`\`\``);
    expect(body).not.toContain("## Dataset changes");
  });

  it("shows the first 200 lines of a long check and leaves the rest to the log", () => {
    const output = Array.from({ length: 250 }, (_, i) => `guides/${i}.json: title: empty`).join("\n");
    const { body } = pullRequestComment({ ...passed, check: { status: 1, output }, changes: null, gradedSeeds: null });
    expect(body).toContain("guides/199.json: title: empty\n```");
    expect(body).not.toContain("guides/200.json");
    expect(body).toContain("… and 50 lines more in the job's log.");
  });

  it("keeps a check of very long lines within one comment", () => {
    const output = Array.from({ length: 150 }, (_, i) => `guides/${i}.json: quote: ${"x".repeat(1000)}`).join("\n");
    const { body } = pullRequestComment({ ...passed, check: { status: 1, output }, changes: null, gradedSeeds: null });
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body).toMatch(/… and \d+ lines more in the job's log\./);
  });

  it("says where every response is listed when the changes name only the first of them, and not otherwise", () => {
    expect(pullRequestComment(passed).body).not.toContain("responses that change are listed");
    const guides = Array.from({ length: MAX_RESPONSE_LINES + 1 }, (_, i) => `changed /v1/guides/${1000 + 2 * i}`);
    expect(pullRequestComment({ ...passed, responses: guides }).body).toContain(`${CHANGES.trimEnd()}\n\nAll ${guides.length} responses that change are listed in [this run's summary](https://ci.example/runs/3).\n`);
  });

  it("lists every response in the summary, a pack's seeds as one line, and cuts the list to the summary's room", () => {
    const seeds = Array.from({ length: 1001 }, (_, seed) => `changed /v1/items/7/44/seeds/${seed}`);
    const list = summaryList([...seeds, "removed /v1/guides/30"], 100_000);
    expect(list).toContain("<details><summary>Every response that changes (1,002)</summary>\n\n```text\nchanged /v1/items/7/44/seeds/{0..1000} (1,001 responses)\nremoved /v1/guides/30\n```\n");
    const many = Array.from({ length: 5000 }, (_, i) => `changed /v1/guides/${10 * i}`);
    const cut = summaryList(many, 20_000);
    expect(cut.length).toBeLessThanOrEqual(20_000);
    expect(cut).toMatch(/The first [\d,]+ of 5,000 lines; `npm run changes -- --responses` between the two builds lists them all\./);
    expect(summaryList(null, 100_000)).toBe("");
  });

  it("says the comparison was not made when a build failed after a good check, or the job stopped before the check", () => {
    expect(pullRequestComment({ ...passed, changes: null }).body).toContain("The dataset check passed, but building or comparing the two datasets failed");
    expect(pullRequestComment({ check: null, changes: null, responses: null, gradedSeeds: null }).body).toContain("The job stopped before the dataset check");
  });
});

describe("node tools/ci/pr-comment.ts WORK", () => {
  const root = mkdtempSync(path.join(tmpdir(), "psg-pr-comment-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads what the steps left, writes the comment for dataset-comment.yml, adds it to the job summary and prints it", async () => {
    const work = path.join(root, "work");
    mkdirSync(work);
    writeFileSync(path.join(work, "check.status"), "0\n");
    writeFileSync(path.join(work, "check.txt"), "dataset OK\n");
    writeFileSync(path.join(work, "changes.md"), CHANGES);
    writeFileSync(path.join(work, "changes.json"), JSON.stringify({ from: "aaa", to: "bbb" }));
    writeFileSync(path.join(work, "graded-seeds.diff"), DIFF);
    writeFileSync(path.join(work, "graded-seeds.committed"), "stale\n");
    writeFileSync(path.join(work, "responses.txt"), "changed /v1/guides/900\nchanged /v1/guides/900?system=top30\n");
    const summary = path.join(root, "summary.md");
    writeFileSync(summary, "earlier steps' summary\n");
    let printed = "";
    const code = await runPrComment([work, "--pull-request", "42", "--graded-seeds-url", "", "--run-url", "", "--summary", summary], { cwd: root, stdout: (text) => (printed += text), stderr: () => {} });
    expect(code).toBe(0);
    const body = readFileSync(path.join(work, "comment", "comment.md"), "utf8");
    expect(printed).toBe(body);
    expect(readFileSync(summary, "utf8")).toBe(`earlier steps' summary\n${body}\n${summaryList(["changed /v1/guides/900", "changed /v1/guides/900?system=top30"], 100_000).trimStart()}`);
    expect(readFileSync(summary, "utf8")).toContain("```text\nchanged /v1/guides/900\nchanged /v1/guides/900?system=top30\n```");
    expect(body).toContain("| 900 | `top30` | p4 | P4 | Place 4 |");
    expect(body).toContain("`graded-seeds.diff`, attached to the run");
    expect(body).toContain("is not the one its dataset gives");
    expect(readFileSync(path.join(work, "comment", "changed"), "utf8")).toBe("true\n");
    expect(readFileSync(path.join(work, "comment", "pull-request"), "utf8")).toBe("42\n");
  });
});
