// A request whose If-None-Match names the current ETag gets 304 (docs/README.md, "Caching, CORS, limits").
// Clients send the ETag back as received, but caches and proxies may weaken it (W/"...") or send a list of
// every ETag they hold; "*" matches any current representation (RFC 9110 section 13.1.2). Comparison is weak:
// the opaque tags must be equal, the W/ prefix is ignored.

/**
 * The ETag the edge sends for a build: the dataset_version, quoted (docs/README.md, "Caching, CORS, limits").
 */
export const etagFor = (datasetVersion: string): string => `"${datasetVersion}"`;

/** Whether an If-None-Match header value matches `etag` (a strong tag such as `"v1"`). */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (header === null || header === undefined) return false;
  let i = 0;
  while (i < header.length) {
    // Past the list's separators; at the end, header[i] is undefined and none of them.
    while (header[i] === " " || header[i] === "\t" || header[i] === ",") i++;
    if (header[i] === "*") return true;
    if (header.startsWith("W/", i)) i += 2;
    if (header[i] !== '"') {
      // Not an entity tag: skip to the next list element.
      i = nextElement(header, i);
      continue;
    }
    const close = header.indexOf('"', i + 1);
    if (close === -1) return false;
    // Entity-tag characters include ",", so a tag is read up to its closing quote, not to a comma.
    if (header.slice(i, close + 1) === etag) return true;
    i = nextElement(header, close + 1);
  }
  return false;
}

/** Where the list element after the one at `from` begins: at its comma, or at the header's end. */
function nextElement(header: string, from: number): number {
  const comma = header.indexOf(",", from);
  return comma === -1 ? header.length : comma;
}
