import { describe, expect, it } from "vitest";
import { datasetVersion } from "../../generator/version.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";

const format = 1;

describe("dataset_version", () => {
  it("is the same for the same data whatever the whitespace of its files", () => {
    const reformatted = JSON.parse(JSON.stringify(tinyDataset, null, 7));
    expect(datasetVersion(reformatted, format)).toBe(datasetVersion(tinyDataset, format));
  });

  it("does not change when an item file's keys are reordered, since item key order never reaches a response", () => {
    const [first, ...rest] = tinyDataset.items;
    const reordered = Object.fromEntries(Object.entries(first!).reverse()) as typeof first;
    expect(datasetVersion({ ...tinyDataset, items: [reordered!, ...rest] }, format)).toBe(datasetVersion(tinyDataset, format));
  });

  it("changes when one grading of one guide is corrected", () => {
    const corrected = structuredClone(tinyDataset);
    corrected.guides[1]!.systems[0]!.gradings[0]!.level = "t2";
    expect(datasetVersion(corrected, format)).not.toBe(datasetVersion(tinyDataset, format));
  });

  it("changes when an item or a guide is added or removed", () => {
    expect(datasetVersion({ ...tinyDataset, items: tinyDataset.items.slice(1) }, format)).not.toBe(datasetVersion(tinyDataset, format));
    expect(datasetVersion({ ...tinyDataset, guides: tinyDataset.guides.slice(1) }, format)).not.toBe(datasetVersion(tinyDataset, format));
  });

  it("changes with the response format", () => {
    expect(datasetVersion(tinyDataset, format + 1)).not.toBe(datasetVersion(tinyDataset, format));
  });
});
