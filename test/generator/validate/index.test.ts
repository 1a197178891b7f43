import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../generator/dataset.ts";
import { checkDataset, loadDataset } from "../../../generator/validate/index.ts";
import { CAPTURE_PATH, rawDataset, rawFile, sampleGuide, sampleItems } from "../../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../../fixtures/validate/sample-files.ts";

function problemLines(raw = rawDataset()): string[] {
  const checked = checkDataset(raw);
  return checked.ok ? [] : checked.problems.map(formatProblem);
}

describe("checkDataset", () => {
  it("accepts the sample dataset and returns its items sorted by slug and guides by platform_id", () => {
    const second = sampleGuide();
    second.platform_id = "20000";
    const checked = checkDataset(rawDataset({ items: sampleItems().reverse(), guides: [sampleGuide(), second] }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.items.map((item) => item.slug)).toEqual(["ak-47-case-hardened", "karambit-doppler"]);
    expect(checked.value.guides.map((guide) => guide.platform_id)).toEqual(["20000", "3000000001"]);
  });

  it("reports every mistake of every file in one run, sorted by file", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[0]!.seed = 1001;
    guide.systems[1]!.id = "pink";
    const items = sampleItems();
    items[1]!.market_name = "Karambit | Dopler";
    const lines = problemLines(rawDataset({ items, guides: [guide] }));
    expect(lines).toEqual([
      "guides/3000000001.json: $.systems[0].gradings[0].seed: is 1001 (expected an integer from 0 to 1000)",
      'items/karambit-doppler.json: $.slug: is "karambit-doppler" but market_name "Karambit | Dopler" gives "karambit-dopler" (expected "karambit-dopler")',
    ]);
  });

  it("checks the quotes of a guide that has shape mistakes elsewhere, in the same run", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[0]!.seed = 1001;
    guide.systems[0]!.gradings[3]!.quote = "Seed 556";
    expect(problemLines(rawDataset({ guides: [guide] }))).toEqual([
      "guides/3000000001.json: $.systems[0].gradings[0].seed: is 1001 (expected an integer from 0 to 1000)",
      `guides/3000000001.json: $.systems[0].gradings[3].quote: not found in snapshots/${CAPTURE_PATH}: "Seed 556"; nearest text, line 48: "Seed 555" (expected text copied verbatim from the capture's readable text)`,
    ]);
  });

  it("runs the meaning checks once a guide has the right shape", () => {
    const guide = sampleGuide();
    guide.systems[1]!.id = "pink";
    expect(problemLines(rawDataset({ guides: [guide] }))).toContain(
      'guides/3000000001.json: $.systems[1].id: system id "pink" is already used by $.systems[0] (expected a system id used once in the guide)',
    );
  });

  it("reports a file name that differs from the slug or platform_id", () => {
    const raw = rawDataset();
    raw.items[0] = rawFile("items", "ak47", sampleItems()[0]);
    raw.guides[0] = { ...raw.guides[0]!, ...rawFile("guides", "42", sampleGuide()) };
    expect(problemLines(raw)).toEqual([
      'guides/42.json: $.platform_id: is "3000000001" but the file is guides/42.json (expected "42", or the file renamed to guides/3000000001.json)',
      'items/ak47.json: $.slug: is "ak-47-case-hardened" but the file is items/ak47.json (expected "ak47", or the file renamed to items/ak-47-case-hardened.json)',
    ]);
  });

  it("does not blame a guide for naming an item whose own file is broken", () => {
    const raw = rawDataset();
    raw.items[1] = { file: "items/karambit-doppler.json", name: "karambit-doppler", parsed: null, problems: [{ file: "items/karambit-doppler.json", path: "$", message: "not valid JSON" }] };
    expect(problemLines(raw)).toEqual(["items/karambit-doppler.json: $: not valid JSON"]);
  });

  it("reports a missing capture once and skips the quote check of that guide", () => {
    expect(problemLines(rawDataset({ captures: {} }))).toEqual([`guides/3000000001.json: $.snapshot.path: capture snapshots/${CAPTURE_PATH} not found`]);
  });

  it("reports a capture that cannot be read even when the guide has shape mistakes too", () => {
    const guide = sampleGuide() as unknown as Record<string, unknown>;
    delete guide.title;
    expect(problemLines(rawDataset({ guides: [guide], captures: {} }))).toEqual([
      `guides/3000000001.json: $.snapshot.path: capture snapshots/${CAPTURE_PATH} not found`,
      "guides/3000000001.json: $.title: is missing (expected a non-empty string)",
    ]);
  });

  it("reports a snapshot path of the wrong shape once, not again as a capture not found", () => {
    const guide = sampleGuide();
    guide.snapshot.path = "page one.html";
    expect(problemLines(rawDataset({ guides: [guide] }))).toEqual([
      "guides/3000000001.json: $.snapshot.path: is \"page one.html\" (expected a relative path inside dataset/snapshots/)",
    ]);
  });

  it("reports a guide's sha256 that does not match its capture", () => {
    const lines = problemLines(rawDataset({ captures: { [CAPTURE_PATH]: "<p>another page</p>" } }));
    expect(lines[0]).toMatch(/^guides\/3000000001\.json: \$\.snapshot\.sha256: does not match the bytes of snapshots\/3000000001\/page\.html: a capture never changes .* restore it with `git checkout -- dataset\/snapshots\/3000000001\/page\.html` \(expected "[0-9a-f]{64}", the capture's sha256, .*\)$/);
  });

  it("reports a duplicate_seed whose where names a level the seed is not graded in", () => {
    const guide = sampleGuide();
    guide.discrepancies[0]!.where = ["pink:t2", "blue:members"];
    expect(problemLines(rawDataset({ guides: [guide] }))).toEqual([
      'guides/3000000001.json: $.discrepancies[0].where: leaves out "pink:t1", where seed 661 is graded; names "pink:t2", where seed 661 is not graded (expected exactly the levels seed 661 is graded in: ["pink:t1","blue:members"])',
    ]);
  });

  it("reports a level image that is not a file name of the capture", () => {
    const guide = sampleGuide();
    guide.systems[0]!.levels[2]!.images = ["t4.jpg"];
    expect(problemLines(rawDataset({ guides: [guide] }))).toEqual([
      `guides/3000000001.json: $.systems[0].levels[2].images[0]: image "t4.jpg" is not a file name in snapshots/${CAPTURE_PATH}; did you mean "t3.jpg"? (expected the file name of an image the page shows, as its source writes it (the last part of an img src or link))`,
    ]);
  });

  it("reports a seed mistyped into another that its quote does not write, and gradings sharing a quote out of its order", () => {
    // Each quote is still verbatim in the capture, so only these two rules can catch the slips.
    const mistyped = sampleGuide();
    mistyped.systems[0]!.gradings[2]!.seed = 24;
    const swapped = sampleGuide();
    swapped.systems[0]!.gradings[2]!.seed = 7;
    swapped.systems[0]!.gradings[4]!.seed = 42;
    expect(problemLines(rawDataset({ guides: [mistyped] }))).toEqual([
      'guides/3000000001.json: $.systems[0].gradings[2].seed: is 24, which its quote does not write as a number: "Tier 2:  42,  7" (expected the seed as the quote writes it)',
    ]);
    expect(problemLines(rawDataset({ guides: [swapped] }))).toEqual([
      'guides/3000000001.json: $.systems[0].gradings[4].seed: is 42, which its quote writes before 7, the seed graded just before it: the gradings sharing this quote are not in its order (expected gradings in the order the quote lists their seeds: 2, 42, 7)',
    ]);
  });

  it("reports two item files claiming the same (def_index, paint_index) pair", () => {
    const items = sampleItems();
    const copy = { ...items[1]!, slug: "karambit-doppler-copy", market_name: "Karambit | Doppler Copy" };
    expect(problemLines(rawDataset({ items: [...items, copy] }))).toEqual([
      "items/karambit-doppler-copy.json: $.paints[0].paint_index: (def_index 507, paint_index 415) is already the item of items/karambit-doppler.json (expected a (def_index, paint_index) pair no other item file uses)",
      "items/karambit-doppler-copy.json: $.paints[1].paint_index: (def_index 507, paint_index 418) is already the item of items/karambit-doppler.json (expected a (def_index, paint_index) pair no other item file uses)",
      "items/karambit-doppler-copy.json: $.paints[2].paint_index: (def_index 507, paint_index 419) is already the item of items/karambit-doppler.json (expected a (def_index, paint_index) pair no other item file uses)",
      "items/karambit-doppler-copy.json: $.paints[3].paint_index: (def_index 507, paint_index 421) is already the item of items/karambit-doppler.json (expected a (def_index, paint_index) pair no other item file uses)",
    ]);
  });
});

describe("loadDataset", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "load-dataset-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("loads and checks a dataset folder", async () => {
    await writeSampleDataset(dir);
    const checked = await loadDataset(dir);
    expect(checked.ok && checked.value.guides.map((guide) => guide.platform_id)).toEqual(["3000000001"]);
  });

  it("returns the problems of a broken folder instead of throwing", async () => {
    await writeSampleDataset(dir, { captures: {} });
    await writeFile(path.join(dir, "items", "broken.json"), "{\n");
    const checked = await loadDataset(dir);
    expect(checked.ok ? [] : checked.problems.map(formatProblem)).toEqual([
      `guides/3000000001.json: $.snapshot.path: capture snapshots/${CAPTURE_PATH} not found (expected the path of a capture file, relative to dataset/snapshots/)`,
      "items/broken.json: $: not valid JSON at line 2, column 1: unexpected end of file (a closing '}' is missing)",
    ]);
  });
});
