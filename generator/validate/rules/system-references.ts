import type { Guide } from "../../../contract/schema/guide.ts";
import { didYouMean } from "../did-you-mean.ts";
import { finding, type Finding } from "../finding.ts";
import { quotedList } from "./quoted-list.ts";

/**
 * The `system` of a remark, item claim or callout is a system id of this guide or null
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"). The guide endpoint's ?system= filter
 * relies on it naming a system of the same guide.
 */
export function systemReferencesExist(guide: Guide): Finding[] {
  const ids = guide.systems.map((system) => system.id);
  const known = new Set(ids);
  const references: { path: string; system: string | null | undefined }[] = [
    ...remarkReferences("$.remarks", guide.remarks),
    ...remarkReferences("$.item_claims", guide.item_claims),
    ...guide.callouts.map((callout, c) => ({ path: `$.callouts[${c}].system`, system: callout.system })),
    ...guide.systems.flatMap((system, s) => remarkReferences(`$.systems[${s}].remarks`, system.remarks)),
  ];
  const findings: Finding[] = [];
  for (const { path, system } of references) {
    if (system === null || system === undefined || known.has(system)) continue;
    findings.push(finding(path, `${JSON.stringify(system)} is not a system of this guide${didYouMean(system, ids)}`, `null or one of ${quotedList(ids)}`));
  }
  return findings;
}

function remarkReferences(path: string, remarks: readonly { system?: string | null }[]) {
  return remarks.map((remark, r) => ({ path: `${path}[${r}].system`, system: remark.system }));
}
