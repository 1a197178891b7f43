// The changes between two builds as text for a terminal: totals first, then one group per kind of
// change, one line per change; an added or removed guide is followed by what it covers, a guide both
// builds hold by the fields it edits. `--json` prints the Changes value itself instead, `--markdown`
// the same as markdown.ts.

import type { Changes } from "../../contract/schema/changes.ts";
import type { ChangesForReview, GuideSummary, Paints } from "./guide-summary.ts";

const plural = (count: number, word: string) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
const quoted = (text: string) => JSON.stringify(text);
const itemName = (item: { def_index: number; paint_index: number; slug: string }) => `${item.slug} (${item.def_index}/${item.paint_index})`;

export const paintsText = (paints: Paints) => (paints === "all paints" ? paints : paints.join(", "));

/** The lines under an added or removed guide: its items, then each system with its levels. */
function guideLines(guide: GuideSummary): string[] {
  const lines = [`    items: ${guide.items.map((item) => `${item.slug} (${paintsText(item.paints)})`).join("; ")}`];
  for (const system of guide.systems) {
    lines.push(`    system ${system.id} ${quoted(system.label)}: ${system.item} (${paintsText(system.paints)}), ${plural(system.levels.length, "level")}, ${plural(system.seeds, "seed")}`);
    for (const level of system.levels) lines.push(`      ${level.label}: ${plural(level.seeds, "seed")}`);
  }
  return lines;
}

/** `guides`: the summaries of the added and removed guides; without them, their titles alone. */
export function formatChanges(changes: Changes, guides: ChangesForReview["guides"] = { added: [], removed: [], edited: [] }): string {
  const t = changes.totals;
  const lines = [
    changes.from === null
      ? `dataset_version ${changes.to}: the first build here, nothing to compare with`
      : `changes from dataset_version ${changes.from} to ${changes.to}`,
    `  guides:    ${t.guides_added} added, ${t.guides_removed} removed, ${t.guides_retitled} retitled`,
    `  systems:   ${t.systems_added} added, ${t.systems_removed} removed`,
    `  levels:    ${t.levels_added} added, ${t.levels_removed} removed, ${t.levels_renamed} renamed`,
    `  verdicts:  ${t.verdicts_added} added, ${t.verdicts_removed} removed, ${t.verdicts_moved} moved`,
    `  items:     ${t.items_added} added, ${t.items_removed} removed`,
    `  responses: ${plural(t.responses_changed, "file")} changed, ${t.responses_added.toLocaleString("en")} added, ${t.responses_removed.toLocaleString("en")} removed`,
  ];
  const group = (title: string, entries: string[]) => {
    if (entries.length > 0) lines.push("", `${title} (${entries.length})`, ...entries.map((entry) => `  ${entry}`));
  };
  const withSummary = (summaries: GuideSummary[]) => (g: { platform_id: string; title: string }) => {
    const summary = summaries.find((candidate) => candidate.platform_id === g.platform_id);
    return [`${g.platform_id} ${quoted(g.title)}`, ...(summary === undefined ? [] : guideLines(summary))].join("\n");
  };
  group("guides added", changes.guides.added.map(withSummary(guides.added)));
  group("guides removed", changes.guides.removed.map(withSummary(guides.removed)));
  group("guides retitled", changes.guides.retitled.map((g) => `${g.platform_id} ${quoted(g.from)} -> ${quoted(g.to)}`));
  group("guides edited", guides.edited.map((g) => [`${g.platform_id} ${quoted(g.title)}`, ...g.edits.map((edit) => `    ${edit.field}: ${edit.before} -> ${edit.after}`)].join("\n")));
  group("systems added", changes.systems.added.map((s) => `guide ${s.platform_id}, system ${s.system} ${quoted(s.label)}`));
  group("systems removed", changes.systems.removed.map((s) => `guide ${s.platform_id}, system ${s.system} ${quoted(s.label)}`));
  group("levels added", changes.levels.added.map((l) => `guide ${l.platform_id}, system ${l.system}: ${l.key} ${quoted(l.label)}`));
  group("levels removed", changes.levels.removed.map((l) => `guide ${l.platform_id}, system ${l.system}: ${l.key} ${quoted(l.label)}`));
  group("levels renamed", changes.levels.renamed.map((l) => `guide ${l.platform_id}, system ${l.system}: ${l.key} ${quoted(l.from)} -> ${quoted(l.to)}`));
  group("verdicts moved", changes.verdicts.moved.map((v) => `seed ${v.seed} of ${itemName(v.item)} in guide ${v.platform_id}, system ${v.system}: ${v.from.label} -> ${v.to.label}`));
  group("verdicts added", changes.verdicts.added.map((v) => `seed ${v.seed} of ${itemName(v.item)} in guide ${v.platform_id}, system ${v.system}: ${v.level.label}`));
  group("verdicts removed", changes.verdicts.removed.map((v) => `seed ${v.seed} of ${itemName(v.item)} in guide ${v.platform_id}, system ${v.system}: was ${v.level.label}`));
  group("items added", changes.items.added.map((i) => `${itemName(i)} ${i.weapon} | ${i.finish}${i.paint_label ? ` (${i.paint_label})` : ""}`));
  group("items removed", changes.items.removed.map((i) => `${itemName(i)} ${i.weapon} | ${i.finish}${i.paint_label ? ` (${i.paint_label})` : ""}`));
  return `${lines.join("\n")}\n`;
}
