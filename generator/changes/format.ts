// The changes between two builds as text for people: totals first, then one group per kind of
// change, one line per change. `--json` prints the Changes value itself instead.

import type { Changes } from "../../contract/schema/changes.ts";

const plural = (count: number, word: string) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
const quoted = (text: string) => JSON.stringify(text);
const itemName = (item: { def_index: number; paint_index: number; slug: string }) => `${item.slug} (${item.def_index}/${item.paint_index})`;

export function formatChanges(changes: Changes): string {
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
  group("guides added", changes.guides.added.map((g) => `${g.platform_id} ${quoted(g.title)}`));
  group("guides removed", changes.guides.removed.map((g) => `${g.platform_id} ${quoted(g.title)}`));
  group("guides retitled", changes.guides.retitled.map((g) => `${g.platform_id} ${quoted(g.from)} -> ${quoted(g.to)}`));
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
