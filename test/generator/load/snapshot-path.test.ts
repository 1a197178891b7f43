import path from "node:path";
import { describe, expect, it } from "vitest";
import { captureLocation } from "../../../generator/load/snapshot-path.ts";

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
});
