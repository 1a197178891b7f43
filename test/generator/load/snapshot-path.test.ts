import path from "node:path";
import { describe, expect, it } from "vitest";
import { captureLocation, isInside } from "../../../generator/load/snapshot-path.ts";

const snapshots = path.resolve("/data/dataset/snapshots");

describe("captureLocation", () => {
  it("resolves a path relative to the snapshots folder", () => {
    expect(captureLocation(snapshots, "examples/900000001.html")).toBe(path.join(snapshots, "examples", "900000001.html"));
    expect(captureLocation(snapshots, "a/../b.html")).toBe(path.join(snapshots, "b.html"));
  });

  it("refuses paths that leave the snapshots folder or are absolute", () => {
    for (const escaping of ["../guides/1.json", "a/../../x.html", "/etc/passwd", "C:\\x.html", "", ".", "a/.."]) {
      expect(captureLocation(snapshots, escaping), escaping).toBeNull();
    }
  });

  it("accepts a capture whose name starts with two dots", () => {
    expect(captureLocation(snapshots, "..notes.txt")).toBe(path.join(snapshots, "..notes.txt"));
    expect(captureLocation(snapshots, "examples/..a.html")).toBe(path.join(snapshots, "examples", "..a.html"));
  });
});

describe("isInside", () => {
  it("says a file named with leading dots is inside the folder and its parent is not", () => {
    expect(isInside(snapshots, path.join(snapshots, "..notes.txt"))).toBe(true);
    expect(isInside(snapshots, path.dirname(snapshots))).toBe(false);
    expect(isInside(snapshots, path.join(path.dirname(snapshots), "x.html"))).toBe(false);
    expect(isInside(snapshots, snapshots)).toBe(false);
  });
});
