import { describe, expect, it } from "vitest";
import { datasetCounts, formatProblem } from "../../generator/dataset.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";

describe("datasetCounts", () => {
  it("counts item files and their (def_index, paint_index) pairs apart, and every guide, system and grading", () => {
    expect(datasetCounts(tinyDataset)).toEqual({ itemFiles: 2, pairs: 4, guides: 3, systems: 4, gradings: 6 });
  });

  it("counts nothing in an empty dataset", () => {
    expect(datasetCounts({ items: [], guides: [] })).toEqual({ itemFiles: 0, pairs: 0, guides: 0, systems: 0, gradings: 0 });
  });
});

describe("formatProblem", () => {
  it("prints a file name holding an escape sequence or a newline on one line, the characters escaped", () => {
    const line = formatProblem({ file: "items/\u001b[2Jx\ny.txt", path: "$", message: "not a .json file, so not read", expected: "only .json files in items/" });
    expect(line).toBe("items/\\x1b[2Jx\\ny.txt: $: not a .json file, so not read (expected only .json files in items/)");
  });
});
