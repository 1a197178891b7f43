// `npm run changes` over two real builds (emitted from literal example datasets: one guide added,
// one removed, one changed), in its three formats, and the changelog the second build publishes,
// which must say the same as --json.

import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changelogStep } from "../../../generator/changes/changelog.ts";
import { runChanges } from "../../../tools/cli/changes.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { buildFiles, derivationUnits, manifestOf } from "../../../generator/derive/index.ts";
import { entriesOf } from "../../../contract/pack.ts";
import { chunkOfFile } from "../../../contract/pack-chunks.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { CHANGES_FILE } from "../../../contract/changes.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-changes-"));
const out = path.join(root, "dist");
const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));
const datasets = new Map<string, Dataset>();

/** A build with its changelog. */
async function build(dataset: Dataset, version: string) {
  datasets.set(version, dataset);
  const manifest = manifestOf(dataset, version);
  await emitBuild({ outDir: out, manifest, steps: [filesStep(buildFiles(dataset, version)), changelogStep(version, manifest.generation)] });
}

/** Every response of a build as derived in memory (a pack's entries one by one), by a name of its own. */
function responsesOf(version: string): Map<string, string> {
  const responses = new Map<string, string>();
  for (const unit of derivationUnits(datasets.get(version)!, version)) {
    for (const file of unit.files()) {
      const body = "pieces" in file ? Buffer.concat(file.pieces.flat()) : Buffer.from(file.body);
      const chunk = chunkOfFile(file.path);
      if (chunk !== null) entriesOf(body).forEach((entry, at) => responses.set(`${chunk.pack}#${chunk.first + at}`, Buffer.from(entry).toString("base64")));
      else responses.set(file.path, body.toString("base64"));
    }
  }
  return responses;
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
  // Edits a reviewer reads beside the changelog: the count of unassigned numbers reviewed, a callout added.
  tier.unassigned_review = { count: 2, reviewed_at: "2026-01-05", reviewed_by: "Example Author B" };
  tier.callouts = [...tier.callouts, { kind: "exclusion", label: "Example exclusion", quote: "EXAMPLE CONTENT: not this one", system: null }];
  next.guides.push(
    guide({
      platform_id: "5000",
      systems: [
        system({ id: "pink", item: "karambit-doppler", paint_indexes: [420, 418], gradings: [{ seed: 12, level: "t1", quote: "12", evidence: "text", position: 0 }] }),
        system({ id: "blue", gradings: [{ seed: 661, level: "t2", quote: "661", evidence: "text", position: 0 }, { seed: 955, level: "t2", quote: "955", evidence: "text", position: 1 }] }),
      ],
    }),
  );
  await build(next, "vB");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run changes", () => {
  it("prints the totals first, then each group: a removed guide, a renamed level, a moved verdict", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist"]);
    expect(code).toBe(0);
    const lines = text.split("\n");
    expect(lines[0]).toBe("changes from dataset_version vA to vB");
    expect(lines.slice(1, 7).join("\n")).toContain("guides:    1 added, 1 removed, 0 retitled");
    expect(text).toContain('levels:    0 added, 0 removed, 1 renamed');
    expect(text).toContain(
      [
        "guides added (1)",
        '  5000 "Example guide 5000"',
        "    items: karambit-doppler (Phase 1, Phase 3); ak-47-case-hardened (all paints)",
        '    system pink "Example system pink": karambit-doppler (Phase 1, Phase 3), 2 levels, 1 seed',
        "      Tier 1: 1 seed",
        "      Tier 2: 0 seeds",
        '    system blue "Example system blue": ak-47-case-hardened (all paints), 2 levels, 2 seeds',
        "      Tier 1: 0 seeds",
        "      Tier 2: 2 seeds",
      ].join("\n"),
    );
    expect(text).toContain('guides removed (1)\n  30 "Example guide 30"\n    items: ak-47-case-hardened (all paints)\n    system gold "Example system gold"');
    expect(text).toContain('levels renamed (1)\n  guide 200, system blue: t2 "Tier 2" -> "Second tier"');
    expect(text).toContain("seed 955 of ak-47-case-hardened (7/44) in guide 200, system blue: Tier 1 -> Second tier");
  });

  it("--json prints the changelog document, which the new build also publishes", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist/g-vB", "--json"]);
    expect(code).toBe(0);
    const changes = JSON.parse(text);
    expect(changes.totals).toMatchObject({ guides_removed: 1, levels_renamed: 1, verdicts_moved: 1 });
    // The responses counted are those that differ between the two builds derived in memory.
    const [before, after] = [responsesOf("vA"), responsesOf("vB")];
    const changed = [...after].filter(([name, body]) => before.has(name) && before.get(name) !== body).length;
    const added = [...after.keys()].filter((name) => !before.has(name)).length;
    const removed = [...before.keys()].filter((name) => !after.has(name)).length;
    expect(changes.totals).toMatchObject({ responses_changed: changed, responses_added: added, responses_removed: removed });
    expect(removed).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(5);
    expect(JSON.parse(readFileSync(path.join(out, "g-vB", CHANGES_FILE), "utf8"))).toEqual(changes);
  });

  it("--markdown gives headings and tables for a pull request comment, the added and the removed guide with their systems", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist", "--markdown"]);
    expect(code).toBe(0);
    expect(text.startsWith("## Dataset changes: `vA` → `vB`\n")).toBe(true);
    expect(text).toContain("| guides | 1 | 1 | 0 retitled |");
    expect(text).toContain("### Guides added (1)\n\n#### 5000: Example guide 5000\n\n<https://example.com/guides/5000>");
    expect(text).toContain("| `karambit-doppler` | Phase 1, Phase 3 |");
    expect(text).toContain("| `pink` Example system pink | `karambit-doppler` | Phase 1, Phase 3 | Tier 1 (1), Tier 2 (0) | 1 |");
    expect(text).toContain("### Guides removed (1)\n\n#### 30: Example guide 30");
    expect(text).toContain("| `gold` Example system gold | `ak-47-case-hardened` | all paints | Gold gems (1) | 1 |");
    expect(text).toContain("### Levels renamed (1)\n\n| guide | system | key | from | to |");
    expect(text).toContain("| 955 | `ak-47-case-hardened` 7/44 | 200 | `blue` | Tier 1 | Second tier |");
    expect(text).not.toMatch(/\u001b\[/);
  });

  it("names each guide both builds hold with what else changes in it, in text and in markdown", async () => {
    const text = (await run(["--from", "dist/g-vA", "--to", "dist"])).out;
    expect(text).toContain(
      [
        "guides edited (1)",
        '  200 "Example guide 200"',
        '    callouts: 0 callouts -> 1 callout: + exclusion "Example exclusion"',
        '    unassigned_review: none -> 2 unassigned, reviewed 2026-01-05 by "Example Author B"',
      ].join("\n"),
    );
    const markdown = (await run(["--from", "dist/g-vA", "--to", "dist", "--markdown"])).out;
    expect(markdown).toContain("### Guides edited (1)\n\n| guide | field | before | after |");
    expect(markdown).toContain('| 200 | `unassigned_review` | none | 2 unassigned, reviewed 2026-01-05 by "Example Author B" |');
  });

  it("--responses lists every response that differs, by the request it answers, as many as the changelog counts", async () => {
    const { code, out: text } = await run(["--from", "dist/g-vA", "--to", "dist", "--responses"]);
    expect(code).toBe(0);
    const lines = text.trimEnd().split("\n");
    const totals = JSON.parse(readFileSync(path.join(out, "g-vB", CHANGES_FILE), "utf8")).totals;
    for (const change of ["changed", "added", "removed"]) {
      expect(lines.filter((line) => line.startsWith(`${change} `)), change).toHaveLength(totals[`responses_${change}`]);
    }
    // The moved verdict's seed, the guide that gained a callout and its narrowing, the removed guide.
    expect(lines).toContain("changed /v1/items/7/44/seeds/955");
    expect(lines).toContain("changed /v1/guides/200");
    expect(lines).toContain("changed /v1/guides/200?system=blue");
    expect(lines).toContain("removed /v1/guides/30");
    expect(lines).toContain("added /v1/guides/5000");
    expect(lines.every((line) => /^(changed|added|removed) \/v1\//.test(line)), text).toBe(true);
  });

  it("--markdown names the responses that change, a pack's seeds that change together on one line", async () => {
    const markdown = (await run(["--from", "dist/g-vA", "--to", "dist", "--markdown"])).out;
    const all = (await run(["--from", "dist/g-vA", "--to", "dist", "--responses"])).out.trimEnd().split("\n");
    const section = markdown.slice(markdown.indexOf(`### Responses (${all.length})`));
    const named = section.split("\n").filter((line) => line.startsWith("- "));
    // Guide 30 is gone, so every seed of 7/44 answers without it.
    expect(named).toContain("- changed `/v1/items/7/44/seeds/{0..1000}` (1,001 responses)");
    expect(named).toContain("- removed `/v1/guides/30`");
    const counted = named.reduce((sum, line) => sum + Number(/\(([\d,]+) responses\)$/.exec(line)?.[1]?.replaceAll(",", "") ?? 1), 0);
    expect(counted).toBe(all.length);
  });

  it("--against compares with a git ref alone: no --from, --to or format beside it", async () => {
    expect((await run(["--against", "main", "--from", "dist"])).err).toContain("leave --from and --to out");
    expect((await run(["--against", "--markdown"])).err).toContain("leave the format out");
    expect((await run(["--from", "dist/g-vA", "--to", "dist", "--dataset", "dataset"])).err).toContain("--dataset goes with --against");
  });

  it("--out writes the document to a file and nothing to stdout", async () => {
    const { code, out: text, err } = await run(["--from", "dist/g-vA", "--to", "dist/g-vB", "--json", "--out", "changes.json"]);
    expect(code).toBe(0);
    expect(text).toBe("");
    expect(err).toContain("changes.json");
    expect(JSON.parse(readFileSync(path.join(root, "changes.json"), "utf8"))).toEqual(JSON.parse(readFileSync(path.join(out, "g-vB", CHANGES_FILE), "utf8")));
  });

  it("refuses --json and --markdown together", async () => {
    const { code, err } = await run(["--from", "dist/g-vA", "--to", "dist", "--json", "--markdown"]);
    expect(code).toBe(2);
    expect(err).toContain("give one");
  });

  it("npm run -s changes -- --json prints nothing but the document", async () => {
    // The command's bundle is kept in the test's folder, not in the checkout; packages resolve from its node_modules link.
    symlinkSync(path.join(REPOSITORY, "node_modules"), path.join(root, "node_modules"), "dir");
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        "npm",
        ["run", "-s", "changes", "--", "--from", path.join(out, "g-vA"), "--to", out, "--json"],
        { cwd: REPOSITORY, env: { ...process.env, PSG_CLI_CACHE: path.join(root, "cli-cache") } },
        (error, text) => (error ? reject(error) : resolve(text)),
      ),
    );
    expect(JSON.parse(stdout).totals).toMatchObject({ guides_added: 1, guides_removed: 1 });
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
