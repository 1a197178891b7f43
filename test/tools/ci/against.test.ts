// `npm run changes -- --against REF` in a git repository of its own, made in a temporary folder: its
// main branch holds the shipped dataset's guides and the items they grade (the other items left out:
// each costs both builds of a preview its seed responses, and none of them changes), and the branch
// checked out moves one seed of an example guide. The preview is the comment the pull request would get, and it leaves no worktree
// and no temporary folder behind, whether the steps pass or fail.

import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChanges } from "../../../tools/cli/changes.ts";
import { COMMENT_MARKER } from "../../../tools/ci/pr-comment.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));
const GUIDE = "dataset/guides/900000002.json";
const folders = temporaryFolders("psg-against-");
let repo = "";

const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=Example Author", "-c", "user.email=example@example.com", ...args], { cwd: repo, encoding: "utf8" });

/** Edits the example guide in the working tree: `change` gets its parsed document. */
function editGuide(change: (guide: { systems: { id: string; gradings: { seed: number; level: string; position: number }[] }[] }) => void) {
  const file = path.join(repo, GUIDE);
  const guide = JSON.parse(readFileSync(file, "utf8"));
  change(guide);
  writeFileSync(file, `${JSON.stringify(guide, null, 2)}\n`);
}

/** Moves a seed of system top30 to another level, the positions within each level counted again in array order. */
const moveSeed = (seed: number, level: string) =>
  editGuide((guide) => {
    const top30 = guide.systems.find((system) => system.id === "top30")!;
    top30.gradings.find((grading) => grading.seed === seed)!.level = level;
    const counts = new Map<string, number>();
    for (const grading of top30.gradings) {
      grading.position = counts.get(grading.level) ?? 0;
      counts.set(grading.level, grading.position + 1);
    }
  });

async function preview(args: string[]) {
  const io = { out: "", err: "" };
  const code = await runChanges(args, { cwd: repo, stdout: (text) => (io.out += text), stderr: (text) => (io.err += text) });
  return { code, ...io };
}

const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith("psg-changes-against-"));
const worktrees = () => git("worktree", "list", "--porcelain").split("\n").filter((line) => line.startsWith("worktree "));

beforeAll(() => {
  repo = realpathSync(folders.make());
  cpSync(path.join(REPOSITORY, "dataset"), path.join(repo, "dataset"), { recursive: true });
  const guides = path.join(repo, "dataset/guides");
  const graded = new Set(readdirSync(guides).flatMap((file) => [...readFileSync(path.join(guides, file), "utf8").matchAll(/"item": "([^"]+)"/g)].map((match) => `${match[1]}.json`)));
  for (const item of readdirSync(path.join(repo, "dataset/items"))) if (!graded.has(item)) rmSync(path.join(repo, "dataset/items", item));
  git("init", "--quiet", "--initial-branch=main");
  git("add", "dataset");
  git("commit", "--quiet", "-m", "EXAMPLE CONTENT: the shipped dataset");
  git("checkout", "--quiet", "-b", "move-661");
  moveSeed(661, "p5");
  git("commit", "--quiet", "-am", "EXAMPLE CONTENT: seed 661 is fifth");
});
afterAll(() => folders.removeAll());

/** A preview builds the dataset twice in child processes: minutes on a loaded 2-core machine, where the suite runs beside it. */
const TWO_BUILDS = 300_000;

describe("npm run changes -- --against REF", () => {
  it("prints the comment the pull request would get: the moved seed's row, its response and its graded seeds line", async () => {
    const { code, out, err } = await preview(["--against", "main"]);
    expect(code, err).toBe(0);
    expect(out.startsWith(`${COMMENT_MARKER}\n## Dataset changes: `)).toBe(true);
    expect(out).toContain("| verdicts | 0 | 0 | 1 moved |");
    expect(out).toContain("### Verdicts moved (1)\n\n| seed | item | guide | system | from | to |\n| --- | --- | --- | --- | --- | --- |\n| 661 | `ak-47-case-hardened` 7/44 | 900000002 | `top30` | P4 | P5 |");
    expect(out).toContain("- changed `/v1/items/7/44/seeds/661`");
    expect(out).toContain('+  900000002 | top30 "Top 30" (rank) | "P5" [p5], place 5 of 30');
    // The steps' own lines go to stderr, as the job's log.
    expect(err).toContain("checked out in");
    expect(err).toContain("building the base's dataset");
  }, TWO_BUILDS);

  it("reads the working tree's dataset, uncommitted edits included, against main when no ref is named; a wrong one gets the check's lines and exit 1", async () => {
    editGuide((guide) => {
      guide.systems[0]!.gradings[0]!.level = "no-such-level";
    });
    try {
      const { code, out, err } = await preview(["--against"]);
      expect(err).toMatch(/^changes: main \([0-9a-f]{12}\) checked out in /m);
      expect(code).toBe(1);
      expect(out).toContain("## Dataset check failed");
      expect(out).toContain("no-such-level");
    } finally {
      git("checkout", "--quiet", "--", GUIDE);
    }
  }, TWO_BUILDS);

  it("refuses a ref that names no commit, before checking anything out", async () => {
    const { code, err } = await preview(["--against", "no-such-branch"]);
    expect(code).toBe(2);
    expect(err).toContain('"no-such-branch" names no commit of');
  });

  it("leaves no worktree and no temporary folder behind", () => {
    expect(worktrees()).toEqual([`worktree ${repo}`]);
    expect(leftovers()).toEqual([]);
  });
});
