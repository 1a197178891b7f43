import { describe, expect, it } from "vitest";
import { CHANGES_FILE, changesFileFor } from "../../contract/changes.ts";

const serving = { dataset_version: "3f9a1c" };

describe("the changelog's file", () => {
  it("answers latest.json and the serving version's name with the one changelog a build keeps", () => {
    expect(CHANGES_FILE).toBe("changes.json");
    expect(changesFileFor("latest.json", serving)).toEqual({ found: true, file: "changes.json" });
    expect(changesFileFor("3f9a1c.json", serving)).toEqual({ found: true, file: "changes.json" });
  });

  it("answers any other name as not found, naming the serving version and where its changelog is", () => {
    const message = "no changelog at /changes/0aa0aa.json; the serving dataset_version is 3f9a1c (/changes/latest.json)";
    expect(changesFileFor("0aa0aa.json", serving)).toEqual({ found: false, message });
    for (const name of ["latest", "3f9a1c", "latest.json.gz", ".json", ""]) expect(changesFileFor(name, serving).found, name).toBe(false);
  });
});
