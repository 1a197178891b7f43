import type { ReadableCapture } from "../../capture/capture.ts";
import { didYouMean } from "../did-you-mean.ts";
import { finding, type Finding } from "../finding.ts";

// A level's `images` are "file names in the capture"
// (dataset/README.md, "Guide documents: guides/<platform_id>.json"), and so are a callout's `images`. A name
// must be in the capture's source as the page writes it: an img src, a link, a srcset or a CSS url(), whole or
// as the last part of a path (`src="ak-t1-overview.jpg"`, `src="/files/ak-t1-overview.jpg?w=320"`).

export interface ImageSite {
  path: string;
  name: string;
}

/** Every image name of a guide document (levels' and callouts' `images`), read loosely from the parsed JSON. */
export function imageSites(document: unknown): ImageSite[] {
  const sites: ImageSite[] = [];
  const collect = (images: unknown, path: string) => {
    if (!Array.isArray(images)) return;
    images.forEach((name, index) => {
      if (typeof name === "string" && name !== "") sites.push({ path: `${path}.images[${index}]`, name });
    });
  };
  const guide = asRecord(document);
  asArray(guide?.systems).forEach((system, s) => {
    asArray(asRecord(system)?.levels).forEach((level, l) => collect(asRecord(level)?.images, `$.systems[${s}].levels[${l}]`));
  });
  asArray(guide?.callouts).forEach((callout, c) => collect(asRecord(callout)?.images, `$.callouts[${c}]`));
  return sites;
}

export function imagesOccurInCapture(document: unknown, capture: ReadableCapture, shownPath: string): Finding[] {
  const missing = imageSites(document).filter(({ name }) => !occursAsFileName(capture.source, name));
  if (missing.length === 0) return [];
  const pageNames = fileNamesInSource(capture.source);
  return missing.map(({ path, name }) =>
    finding(
      path,
      `image ${JSON.stringify(name)} is not a file name in ${shownPath}${didYouMean(name, pageNames)}`,
      "the file name of an image the page shows, as its source writes it (the last part of an img src or link)",
    ),
  );
}

// Characters that continue a file name: an occurrence of the name next to one of them is part of another name.
const NAME_CHARACTER = /[\p{L}\p{N}._~%+-]/u;

/** Whether the name occurs in the source as a whole file name (not inside a longer one). */
export function occursAsFileName(source: string, name: string): boolean {
  const forms = new Set([name, encodeURI(name)]);
  for (const form of forms) {
    for (let at = source.indexOf(form); at !== -1; at = source.indexOf(form, at + 1)) {
      const before = source[at - 1];
      const after = source[at + form.length];
      const startsName = before === undefined || !NAME_CHARACTER.test(before);
      const endsName = after === undefined || !NAME_CHARACTER.test(after);
      if (startsName && endsName) return true;
    }
  }
  return false;
}

// The last path segment of src, href, data-src and srcset values, and of CSS url(): the names a guide's
// `images` could mean, for "did you mean".
const REFERENCE = /(?:\b(?:src|href|data-src|srcset)\s*=\s*["']?|url\(\s*["']?)([^"'\s>)]+)/gi;

function fileNamesInSource(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(REFERENCE)) {
    const name = match[1]!.replace(/[?#].*$/, "").split("/").pop();
    if (name !== undefined && name !== "") names.add(name);
  }
  return names;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
