// docs/build.md draws the build folder for people; here the drawing is held to the code: every name at
// the top of the folder is one the build writes, and every file of a generation is one the
// registrations give (and the other way round), so a new file or a renamed one fails until the drawing
// says it.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHANGES_FILE } from "../../contract/changes.ts";
import { indexFileOf } from "../../contract/file-index.ts";
import { MANIFEST_FILE } from "../../contract/manifest.ts";
import { DOCS_FOLDER_PREFIX, SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { UPLOAD_IGNORE_FILE } from "../../contract/upload-ignore.ts";
import { derivationUnits } from "../../generator/derive/index.ts";
import { CHECK_CACHE_FILE, GENERATION_PREFIX, SERVER_FILE } from "../../generator/emit/build-folder.ts";
import { COMMIT_LOG_FILE } from "../../generator/emit/commit-log.ts";
import { LOCK_FILE } from "../../generator/emit/lock.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";

/** The drawing's lines: `  name   what it is` at the top, `    path   what it is` inside the generation. */
function layout(): { top: string[]; generation: string[] } {
  const text = readFileSync(new URL("../../docs/build.md", import.meta.url), "utf8");
  const drawing = text.slice(text.indexOf("```\ndist/\n") + "```\ndist/\n".length);
  const lines = drawing.slice(0, drawing.indexOf("```")).split("\n");
  const names = (indent: number) => lines.filter((line) => line.match(/^ */)![0].length === indent && line.trim() !== "").map((line) => line.trim().split(/\s+/)[0]!);
  // A line indented past the names is the continuation of the line above it.
  return { top: names(2), generation: names(4) };
}

/**
 * A drawn name with its placeholders (`<dataset_version>`, `{def}`) as a pattern of one path segment
 * each; one never stands for a name starting with `_`, as `_none` is a file of its own.
 */
const patternOf = (drawn: string) => new RegExp(`^${drawn.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/<[^>]+>|\{[^}]+\}/g, "(?!_)[^/]+")}$`);

/** The tiny dataset with a topic carried by one system, so the topic menus are among the files. */
const withTopic = { ...tinyDataset, guides: tinyDataset.guides.map((guide, index) => (index === 0 ? { ...guide, systems: guide.systems.map((system) => ({ ...system, topic: "colour" })) } : guide)) };

describe("the build folder drawn in docs/build.md", () => {
  const { top, generation } = layout();

  it("names at the top of the folder exactly what a build writes there", () => {
    const written = [MANIFEST_FILE, `${GENERATION_PREFIX}x/`, indexFileOf(`${GENERATION_PREFIX}x`), `${DOCS_FOLDER_PREFIX}x/`, COMMIT_LOG_FILE, CHECK_CACHE_FILE, SERVER_FILE, UPLOAD_IGNORE_FILE, LOCK_FILE];
    for (const name of written) expect(top.filter((drawn) => patternOf(drawn).test(name)), name).toHaveLength(1);
    expect(top).toHaveLength(written.length);
  });

  it("draws every file of a generation, and no file a build does not write", () => {
    const paths = [SERVING_INDEX_FILE, CHANGES_FILE, ...[...derivationUnits(withTopic, "v-test")].flatMap((unit) => unit.paths)];
    for (const path of paths) expect(generation.filter((drawn) => patternOf(drawn).test(path)), path).toHaveLength(1);
    for (const drawn of generation) expect(paths.some((path) => patternOf(drawn).test(path)), drawn).toBe(true);
  });
});
