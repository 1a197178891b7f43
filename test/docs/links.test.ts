// The README and the docs are read by whoever clones the repository: every link they make to a file
// must lead to a file of the repository (never to a sibling folder only the authors had).

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const pages = ["README.md", "docs/README.md", "client/README.md", "dataset/README.md"];

describe("links in the README and the docs", () => {
  for (const page of pages) {
    it(`${page} links only to files inside the repository`, () => {
      const text = readFileSync(path.join(root, page), "utf8");
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:|^#/.test(target));
      const broken = targets.filter((target) => {
        const file = path.resolve(path.dirname(path.join(root, page)), target.split("#")[0]!);
        return !file.startsWith(root) || !existsSync(file);
      });
      expect(broken).toEqual([]);
    });
  }

  it("the README points to the API reference in docs/", () => {
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain("](docs/README.md)");
  });
});
