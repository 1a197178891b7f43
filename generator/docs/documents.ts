// The documents of a build beside its responses: the description document, the reference page and
// the explorer page (its HTML, script and style; the same bytes for every dataset).
// They are not response content: they are outside dataset_version (an edit to a description alone
// must not invalidate every client's ETags: docs/README.md, "Versions") and live in their own folder, named
// by the hash of their serving index, which is also their ETag (docs/build.md, "The build folder"): the
// edge checks the index against the folder's name and each file against the index.

import { createHash } from "node:crypto";
import { DOCS_FOLDER_PREFIX, DOCS_HASH_DIGITS, SERVING_INDEX_FILE, servingIndexText } from "../../contract/serving-index.ts";
import { fingerprint } from "../fingerprint.ts";
import { EXPLORER_ICON_FILE, EXPLORER_PAGE_FILE, EXPLORER_SCRIPT_FILE, EXPLORER_STYLE_FILE } from "../../contract/paths.ts";
import { OPENAPI_FILE, REFERENCE_PAGE_FILE } from "../../contract/paths.ts";
import { openApiDocument } from "../openapi/document.ts";
import { documentExamples } from "../openapi/examples.ts";
import type { ExplorerBundle } from "./explorer-bundle.ts";
import { referencePage } from "./reference-page.ts";


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
  const index = servingIndexText(files.map((file) => [file.path, fingerprint(file.path, Buffer.from(file.body))]));
  const folder = `${DOCS_FOLDER_PREFIX}${createHash("sha256").update(index).digest("hex").slice(0, DOCS_HASH_DIGITS)}`;
  return { folder, files: [...files, { path: SERVING_INDEX_FILE, body: index }] };
}
