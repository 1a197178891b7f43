// The order test files start in: longest first, by the list of long files (a clean clone has no
// cache) and by the last run's time when vitest cached one.

import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LONG_FILES, runOrder, SHORT_FILE_MS } from "./file-order.ts";

const paths = (files: { path: string }[]) => files.map((file) => file.path);

describe("the order test files start in", () => {
  it("names only test files that exist, so a renamed long file is not silently sent to the back", () => {
    expect(Object.keys(LONG_FILES).filter((file) => !existsSync(file))).toEqual([]);
  });

  it("starts the listed long files first when nothing is cached, longest first", () => {
    const order = runOrder([
      { path: "test/edge/a.test.ts" },
      { path: "test/generator/build.test.ts" },
      { path: "test/http/b.test.ts" },
      { path: "test/http/netlify.test.ts" },
    ]);
    expect(paths(order)).toEqual(["test/http/netlify.test.ts", "test/generator/build.test.ts", "test/edge/a.test.ts", "test/http/b.test.ts"]);
  });

  it("moves a file the list does not name forward when its last run was long", () => {
    const order = runOrder([
      { path: "test/generator/build.test.ts" },
      { path: "test/new.test.ts", cachedMs: 30_000 },
      { path: "test/short.test.ts", cachedMs: 200 },
    ]);
    expect(paths(order)).toEqual(["test/new.test.ts", "test/generator/build.test.ts", "test/short.test.ts"]);
  });

  it("keeps a listed file forward when its last run was short (run alone, or one of its tests)", () => {
    const order = runOrder([
      { path: "test/generator/emit/emit-build.test.ts", cachedMs: 4_900 },
      { path: "test/http/explorer-page.test.ts", cachedMs: 4_500 },
    ]);
    expect(paths(order)).toEqual(["test/http/explorer-page.test.ts", "test/generator/emit/emit-build.test.ts"]);
  });

  it("keeps the incoming order among files expected to take as long", () => {
    const files = ["c", "a", "b"].map((name) => ({ path: `test/${name}.test.ts`, cachedMs: SHORT_FILE_MS }));
    expect(paths(runOrder(files))).toEqual(["test/c.test.ts", "test/a.test.ts", "test/b.test.ts"]);
  });
});
