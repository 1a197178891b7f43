// Reads Redoc's standalone bundle (the `redoc` development dependency) for the reference page.
// The one place the docs build touches node_modules; the page itself is built from the text.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function readRedocBundle(): string {
  return readFileSync(require.resolve("redoc/bundles/redoc.standalone.js"), "utf8");
}
