// The changes between two builds as GitHub-flavoured markdown, to paste into (or post as) a pull
// request comment: a heading, the totals as a table, then one table per kind of change, for each
// added or removed guide its items and systems, for each guide both builds hold the fields it edits,
// and the first responses that change, by their request. Plain text only: no ANSI, and every value from the
// dataset escaped, since titles hold `|` ("AK-47 | Case Hardened") and may hold `*`, `_` or `<`.

import type { Changes } from "../../contract/schema/changes.ts";
import type { ChangesForReview, GuideSummary } from "./guide-summary.ts";
import { paintsText } from "./format.ts";
import type { ResponseNames } from "./response-names.ts";
import { changeRuns, runCount } from "./response-runs.ts";

/** Rows shown per table: a comment has a size limit, and a reviewer reads the first rows anyway. */
export const MAX_ROWS = 100;

/** Lines naming responses, all kinds together (a run of a pack's seeds is one); `npm run changes -- --responses` lists every one. */
export const MAX_RESPONSE_LINES = 30;

/** A table cell: markdown and HTML read as text, on one line. */
export function cell(text: string | number): string {
  return String(text)
    .replace(/[\\`*_{}[\]()#+!|<>~]/g, (character) => `\\${character}`)
    .replace(/\r?\n/g, " ");
}

/** A count as a reader reads it: 1,001. */
const count = (n: number) => n.toLocaleString("en");
const code = (text: string) => `\`${text.replaceAll("`", "'")}\``;
const itemName = (item: { def_index: number; paint_index: number; slug: string }) => `${code(item.slug)} ${item.def_index}/${item.paint_index}`;

function table(header: string[], rows: string[][]): string[] {
  const shown = rows.slice(0, MAX_ROWS);
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => " --- ").join("|")}|`, ...shown.map((row) => `| ${row.join(" | ")} |`)];
  if (rows.length > shown.length) lines.push("", `… and ${count(rows.length - shown.length)} more (\`npm run changes -- --json\` lists all).`);
  return lines;
}

function guideSection(guide: GuideSummary): string[] {
  return [
    "",
    `#### ${cell(guide.platform_id)}: ${cell(guide.title)}`,
    "",
    `<${guide.url.replaceAll(">", "%3E")}>`,
    "",
    ...table(
      ["item", "paints"],
      guide.items.map((item) => [code(item.slug), cell(paintsText(item.paints))]),
    ),
    "",
    ...table(
      ["system", "item", "paints", "levels (seeds)", "seeds"],
      guide.systems.map((system) => [
        `${code(system.id)} ${cell(system.label)}`,
        code(system.item),
        cell(paintsText(system.paints)),
        system.levels.map((level) => `${cell(level.label)} (${level.seeds})`).join(", "),
        String(system.seeds),
      ]),
    ),
  ];
}

/** The responses that differ, each by its request (runs of a pack's seeds on one line), the first MAX_RESPONSE_LINES lines of them. */
function responsesSection(names: ResponseNames): string[] {
  const all = changeRuns(names).map((run) => ({ line: `- ${run.change} ${code(run.text)}${runCount(run)}`, count: run.count }));
  const shown = all.slice(0, MAX_RESPONSE_LINES);
  const more = all.slice(shown.length).reduce((sum, run) => sum + run.count, 0);
  const cut = more > 0 ? ["", `… and ${count(more)} more (\`npm run changes -- --responses\` lists every one).`] : [];
  return ["", ...shown.map(({ line }) => line), ...cut];
}

/** `responses`: the requests whose answers differ (response-names.ts); without them, their counts alone. */
export function markdownChanges(changes: Changes, guides: ChangesForReview["guides"], responses: ResponseNames | null = null): string {
  const t = changes.totals;
  const lines = [
    changes.from === null ? `## Dataset changes: first build ${code(changes.to)}` : `## Dataset changes: ${code(changes.from)} → ${code(changes.to)}`,
    "",
    ...table(
      ["", "added", "removed", "other"],
      [
        ["guides", count(t.guides_added), count(t.guides_removed), `${t.guides_retitled} retitled`],
        ["systems", count(t.systems_added), count(t.systems_removed), ""],
        ["levels", count(t.levels_added), count(t.levels_removed), `${t.levels_renamed} renamed`],
        ["verdicts", count(t.verdicts_added), count(t.verdicts_removed), `${t.verdicts_moved} moved`],
        ["items", count(t.items_added), count(t.items_removed), ""],
        ["responses", count(t.responses_added), count(t.responses_removed), `${count(t.responses_changed)} changed`],
      ],
    ),
  ];
  const section = (title: string, entries: number, body: string[]) => {
    if (entries > 0) lines.push("", `### ${title} (${entries})`, ...body);
  };
  const byTitle = (summaries: GuideSummary[]) => summaries.flatMap(guideSection);
  section("Guides added", changes.guides.added.length, byTitle(guides.added));
  section("Guides removed", changes.guides.removed.length, byTitle(guides.removed));
  section("Guides retitled", changes.guides.retitled.length, ["", ...table(["guide", "from", "to"], changes.guides.retitled.map((g) => [g.platform_id, cell(g.from), cell(g.to)]))]);
  const edits = guides.edited.flatMap((g) => g.edits.map((edit) => [g.platform_id, code(edit.field), cell(edit.before), cell(edit.after)]));
  section("Guides edited", guides.edited.length, ["", ...table(["guide", "field", "before", "after"], edits)]);
  const systemRows = (list: typeof changes.systems.added) => list.map((s) => [s.platform_id, code(s.system), cell(s.label)]);
  section("Systems added", changes.systems.added.length, ["", ...table(["guide", "system", "label"], systemRows(changes.systems.added))]);
  section("Systems removed", changes.systems.removed.length, ["", ...table(["guide", "system", "label"], systemRows(changes.systems.removed))]);
  const levelRows = (list: typeof changes.levels.added) => list.map((l) => [l.platform_id, code(l.system), cell(l.key), cell(l.label)]);
  section("Levels added", changes.levels.added.length, ["", ...table(["guide", "system", "key", "label"], levelRows(changes.levels.added))]);
  section("Levels removed", changes.levels.removed.length, ["", ...table(["guide", "system", "key", "label"], levelRows(changes.levels.removed))]);
  section("Levels renamed", changes.levels.renamed.length, [
    "",
    ...table(["guide", "system", "key", "from", "to"], changes.levels.renamed.map((l) => [l.platform_id, code(l.system), cell(l.key), cell(l.from), cell(l.to)])),
  ]);
  section("Verdicts moved", changes.verdicts.moved.length, [
    "",
    ...table(["seed", "item", "guide", "system", "from", "to"], changes.verdicts.moved.map((v) => [String(v.seed), itemName(v.item), v.platform_id, code(v.system), cell(v.from.label), cell(v.to.label)])),
  ]);
  const verdictRows = (list: typeof changes.verdicts.added) => list.map((v) => [String(v.seed), itemName(v.item), v.platform_id, code(v.system), cell(v.level.label)]);
  section("Verdicts added", changes.verdicts.added.length, ["", ...table(["seed", "item", "guide", "system", "level"], verdictRows(changes.verdicts.added))]);
  section("Verdicts removed", changes.verdicts.removed.length, ["", ...table(["seed", "item", "guide", "system", "was"], verdictRows(changes.verdicts.removed))]);
  const itemRows = (list: typeof changes.items.added) => list.map((i) => [itemName(i), cell(`${i.weapon} | ${i.finish}`), cell(i.paint_label)]);
  section("Items added", changes.items.added.length, ["", ...table(["item", "name", "paint"], itemRows(changes.items.added))]);
  section("Items removed", changes.items.removed.length, ["", ...table(["item", "name", "paint"], itemRows(changes.items.removed))]);
  const responseCount = t.responses_changed + t.responses_added + t.responses_removed;
  if (responses !== null) section("Responses", responseCount, responsesSection(responses));
  return `${lines.join("\n")}\n`;
}
