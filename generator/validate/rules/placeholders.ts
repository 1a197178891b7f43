import { placeholderSites } from "../../transcribe/placeholder.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * A draft's placeholders (transcribe/placeholder.ts) are decisions still to make: each is named, and any
 * other finding at the same place (a placeholder where a boolean or an address belongs) is left out, since
 * making the decision settles it.
 */
export function placeholdersAreDecided(document: unknown, findings: readonly Finding[]): Finding[] {
  const sites = placeholderSites(document);
  if (sites.length === 0) return [...findings];
  const paths = new Set(sites.map((site) => site.path));
  return [
    ...sites.map((site) => finding(site.path, `is a placeholder left by guide:draft: ${site.what}`, "the value read from the guide page by a maintainer")),
    ...findings.filter((found) => !paths.has(found.path)),
  ];
}
