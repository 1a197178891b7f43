// The documents of a build beside its responses: the description document, the reference page and
// the explorer page (its HTML, script and style; the same bytes for every dataset).
// They are not response content: they are outside dataset_version (an edit to a description alone
// must not invalidate every client's ETags: docs/README.md, "Versions") and live in their own folder, named
// by their content hash, which is also their ETag (docs/build.md, "The build folder").

import { createHash } from "node:crypto";
import { EXPLORER_ICON_FILE, EXPLORER_PAGE_FILE, EXPLORER_SCRIPT_FILE, EXPLORER_STYLE_FILE } from "../../contract/paths.ts";
import { OPENAPI_FILE, REFERENCE_PAGE_FILE } from "../../contract/paths.ts";
import { openApiDocument } from "../openapi/document.ts";
import { documentExamples } from "../openapi/examples.ts";
import type { ExplorerBundle } from "./explorer-bundle.ts";
import { referencePage } from "./reference-page.ts";

export const DOCS_FOLDER_PREFIX = "docs-";

export interface Documents {
  /** The folder of dist/ that holds them, `docs-<content hash>`. */
  folder: string;
  files: { path: string; body: string }[];
}

/** The committed copy (docs/openapi.json) and the served one are this text, byte for byte. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

/** The same for every dataset: their examples come from the example dataset (generator/openapi/examples.ts). */
export function documentsOf(redocBundle: string, explorer: ExplorerBundle): Documents {
  const openapi = openApiText();
  const page = referencePage(JSON.parse(openapi), documentExamples(), redocBundle);
  const files = [
    { path: OPENAPI_FILE, body: openapi },
    { path: REFERENCE_PAGE_FILE, body: page },
    { path: EXPLORER_PAGE_FILE, body: explorer.page },
    { path: EXPLORER_SCRIPT_FILE, body: explorer.script },
    { path: EXPLORER_STYLE_FILE, body: explorer.style },
    { path: EXPLORER_ICON_FILE, body: explorer.icon },
  ];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.body).update("\0");
  return { folder: `${DOCS_FOLDER_PREFIX}${hash.digest("hex").slice(0, 20)}`, files };
}
