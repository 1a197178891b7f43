import { placeholderSites } from "../placeholder.ts";
import { finding, type Finding } from "../finding.ts";

/** One finding per placeholder left in a document, at its path. */
export function placeholderFindings(document: unknown): Finding[] {
  return placeholderSites(document).map((site) => finding(site.path, `is a placeholder left by guide:draft: ${site.what}`, "the value read from the guide page by a maintainer"));
}
