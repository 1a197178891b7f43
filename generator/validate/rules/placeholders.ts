import { placeholderSites } from "../placeholder.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * A draft's placeholders (generator/validate/placeholder.ts) are decisions still to make: each is named, and any
 * other finding at the same place (a placeholder where a boolean or an address belongs) is left out, since
 * making the decision settles it.
 */
export function placeholdersAreDecided(document: unknown, findings: readonly Finding[]): Finding[] {
  const placeholders = placeholderFindings(document);
  if (placeholders.length === 0) return [...findings];
  const paths = new Set(placeholders.map((found) => found.path));
  return [...placeholders, ...findings.filter((found) => !paths.has(found.path))];
}

/** One finding per placeholder left in a document, at its path. */
export function placeholderFindings(document: unknown): Finding[] {
  return placeholderSites(document).map((site) => finding(site.path, `is a placeholder left by guide:draft: ${site.what}`, "the value read from the guide page by a maintainer"));
}
