// The dataset this repository ships: CI refuses a commit that breaks it, and every guide in it is
// example data, marked as such wherever it appears (DEVELOPERS.md, "Honest data").

import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatProblem } from "../../generator/dataset.ts";
import { loadDataset } from "../../generator/validate/index.ts";

const datasetDir = fileURLToPath(new URL("../../dataset", import.meta.url));

describe("the shipped dataset", async () => {
  const checked = await loadDataset(datasetDir);
  /** The checked dataset; a test that needs it fails, rather than passes, when the dataset does not load. */
  const dataset = () => {
    if (!checked.ok) throw new Error(`the shipped dataset does not load:\n${checked.problems.map(formatProblem).join("\n")}`);
    return checked.value;
  };

  it("passes every check of npm run check", () => {
    expect(checked.ok ? [] : checked.problems.map(formatProblem)).toEqual([]);
  });

  it("has item identity for every pattern finish, Doppler phases each their own pair", () => {
    const pairs = dataset().items.flatMap((item) => item.paints.map((paint) => `${item.def_index}/${paint.paint_index}`));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.length).toBeGreaterThanOrEqual(370);
    const karambitDoppler = dataset().items.find((item) => item.slug === "karambit-doppler")!;
    expect(karambitDoppler.paints.map((paint) => paint.paint_label).sort()).toEqual(
      ["Black Pearl", "Phase 1", "Phase 2", "Phase 3", "Phase 4", "Ruby", "Sapphire"].sort(),
    );
  });

  it("every guide is plainly example data: title, notes, url, permission and its capture say so", async () => {
    const { guides } = dataset();
    const { readFile } = await import("node:fs/promises");
    expect(guides.length).toBeGreaterThanOrEqual(8);
    for (const guide of guides) {
      expect(guide.title, guide.platform_id).toMatch(/^Example/);
      expect(guide.notes, guide.platform_id).toMatch(/example/i);
      expect(new URL(guide.url).hostname, guide.platform_id).toMatch(/^example\.(com|org|net)$/);
      expect(guide.permission, guide.platform_id).toBe("unknown");
      const capture = await readFile(path.join(datasetDir, "snapshots", guide.snapshot.path), "utf8");
      expect(capture, guide.snapshot.path).toMatch(/EXAMPLE/i);
    }
  });
});
