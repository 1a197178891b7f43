import { describe, expect, it } from "vitest";
import { loadedAt, metaResponse } from "../../../generator/derive/meta.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

describe("meta", () => {
  it("counts pairs, not item files, and every guide, system and grading", () => {
    const meta = metaResponse(tinyDataset, 2, "v1test");
    expect(meta.counts).toEqual({ items: 4, guides: 3, aliases: 2, systems: 4, gradings: 6 });
    expect(meta.dataset_version).toBe("v1test");
  });

  it("loaded_at is the newest capture time, with its offset, so rebuilding the same data gives the same body", () => {
    expect(loadedAt(tinyDataset)).toBe("2025-01-03T12:00:00+02:00");
  });

  it("loaded_at is the newest capture, whatever the guides' order, and the first of two captured at the same moment", () => {
    const at = (platform_id: string, retrieved_at: string) => ({ ...tinyDataset.guides[0]!, platform_id, snapshot: { ...tinyDataset.guides[0]!.snapshot, retrieved_at } });
    expect(loadedAt({ ...tinyDataset, guides: [at("1", "2025-02-01T00:00:00Z"), at("2", "2025-01-01T00:00:00Z")] })).toBe("2025-02-01T00:00:00Z");
    expect(loadedAt({ ...tinyDataset, guides: [at("1", "2025-02-01T01:00:00+01:00"), at("2", "2025-02-01T00:00:00Z")] })).toBe("2025-02-01T01:00:00+01:00");
    expect(loadedAt({ ...tinyDataset, guides: [] })).toBe("1970-01-01T00:00:00Z");
  });
});
