// `npm run changes` over two real builds (emitted from literal example datasets), and the
// changelog the second build publishes, which must say the same.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changelogStep } from "../../../generator/changes/changelog.ts";
import { runChanges } from "../../../generator/cli/changes.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { CHANGES_FILE } from "../../../contract/changes.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-changes-"));
const out = path.join(root, "dist");
const SEEDS = new Set([0, 12, 661, 955]);

/** A build of a few seed files per pair (enough to count changed responses) with its changelog. */
async function build(dataset: Dataset, version: string) {
  const manifest = manifestOf(dataset, version);
  const files = [...buildFiles(dataset, version)].filter((file) => !/\/seeds\/(\d+)\.json$/.test(file.path) || SEEDS.has(Number(/(\d+)\.json$/.exec(file.path)![1])));
  await emitBuild({ outDir: out, manifest, steps: [filesStep(files), changelogStep(version, manifest.generation)] });
}

function run(args: string[]) {
  const io = { cwd: root, out: "", err: "" };
  return runChanges(args, { cwd: root, stdout: (text) => (io.out += text), stderr: (text) => (io.err += text) }).then((code) => ({ code, ...io }));
}

beforeAll(async () => {
  await build(tinyDataset, "vA");
  const next = structuredClone(tinyDataset);
  next.guides = next.guides.filter((guide) => guide.platform_id !== "30");
  const tier = next.guides.find((guide) => guide.platform_id === "200")!;
  tier.systems[0]!.levels[1]!.label = "Second tier";
  tier.systems[0]!.gradings[2]!.level = "t2";
  await build(next, "vB");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run changes", () => {
  it("prints the totals first, then each group: a removed guide, a renamed level, a moved verdict", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist"]);
    expect(code).toBe(0);
    const lines = text.split("\n");
    expect(lines[0]).toBe("changes from dataset_version vA to vB");
    expect(lines.slice(1, 7).join("\n")).toContain("guides:    0 added, 1 removed, 0 retitled");
    expect(text).toContain('levels:    0 added, 0 removed, 1 renamed');
    expect(text).toContain('guides removed (1)\n  30 "Example guide 30"');
    expect(text).toContain('levels renamed (1)\n  guide 200, system blue: t2 "Tier 2" -> "Second tier"');
    expect(text).toContain("seed 955 of ak-47-case-hardened (7/44) in guide 200, system blue: Tier 1 -> Second tier");
  });

  it("--json prints the changelog document, which the new build also publishes", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist/g-vB", "--json"]);
    expect(code).toBe(0);
    const changes = JSON.parse(text);
    // The AK pair's seed files that show guide 30 or the renamed level, its patterns and menu, guide
    // 200 and its narrowing, meta and the dump: changed. Guide 30 and its two narrowings: removed.
    expect(changes.totals).toMatchObject({ guides_removed: 1, levels_renamed: 1, verdicts_moved: 1, responses_removed: 3 });
    expect(changes.totals.responses_changed).toBeGreaterThan(5);
    expect(JSON.parse(readFileSync(path.join(out, "g-vB", CHANGES_FILE), "utf8"))).toEqual(changes);
  });

  it("the first build publishes a changelog from nothing", () => {
    // g-vA was the first build of the folder.
    const published = JSON.parse(readFileSync(path.join(out, "g-vA", CHANGES_FILE), "utf8"));
    expect(published.from).toBeNull();
    expect(published.to).toBe("vA");
  });

  it("refuses a folder that holds no build, naming it", async () => {
    const { code, err } = await run(["--from", ".", "--to", "dist"]);
    expect(code).toBe(2);
    expect(err).toContain("--from: ");
    expect(err).toContain("neither a build folder");
  });
});
