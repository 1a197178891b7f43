// `node test/support/fresh-figures.ts`: prints how close guide:draft comes to the hand transcription of each
// page of test/fixtures/draft/fresh/ (layouts the drafter was not built on): recall, precision and order of its
// (level, seed) pairs, quotes not verbatim in the capture, how its review covers what it misses ("unread") and
// what it gets wrong ("wrong"), whether each expected system's seeds are graded on its item and paints, how many
// systems the draft makes, and how much of the attribution it reads. Below the table, each page's missed and
// wrong pairs and where each expected system's seeds went.

import { FRESH_CAPTURES } from "../fixtures/draft/fresh/expected.ts";
import { freshFigures, type FreshFigures } from "./draft-agreement.ts";

function table(figures: readonly FreshFigures[]): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(7);
  const share = (part: number, whole: number) => `${part}/${whole}`.padStart(8);
  const rows = figures.map(({ name, agreement: a, missed, wrong, quoteMisses, placement, systems, attribution }) =>
    [
      name.padEnd(52),
      String(a.expected).padStart(5),
      String(a.drafted).padStart(5),
      String(a.matched).padStart(5),
      percent(a.recall),
      percent(a.precision),
      percent(a.order),
      String(quoteMisses.length).padStart(6),
      share(missed.listed, missed.count),
      share(wrong.named, wrong.count),
      share(placement.filter((one) => one.rightItem).length, placement.length),
      share(placement.filter((one) => one.rightPaints).length, placement.length),
      share(systems.drafted, systems.expected),
      share(attribution, 4),
    ].join(" "),
  );
  const header = ["capture".padEnd(52), ...["want", "draft", "match"].map((title) => title.padStart(5)), ...["recall", "precis.", "order"].map((title) => title.padStart(7)), "misses".padStart(6), ...["unread", "wrong", "items", "paints", "systems", "attrib."].map((title) => title.padStart(8))];
  return [
    header.join(" "),
    ...rows,
    "",
    "unread: seeds the draft grades nowhere, listed as numbers not transcribed (guide:numbers --json, the summary) / all of them",
    "wrong: gradings the transcription does not have, whose seed \"check these\" names / all of them",
    "items, paints: expected systems whose seeds the draft grades mostly in one system on their item / narrowed to their paints, of all of them",
    "systems: systems drafted / expected; attrib.: title, authors, posted and updated read as transcribed, of 4",
  ].join("\n");
}

function details(figures: FreshFigures): string {
  const list = (values: readonly string[]) => (values.length === 0 ? "none" : values.join(", "));
  const placement = figures.placement.map(
    (one) => `  ${one.label} (${one.item}): ${one.home === null ? "graded nowhere" : `mostly in ${one.home}${one.spread > 1 ? `, spread over ${one.spread} drafted systems` : ""}`}`,
  );
  return [`${figures.name}`, `  missed: ${list(figures.missedPairs)}`, `  wrong: ${list(figures.wrongPairs)}`, ...placement, ...figures.quoteMisses.map((miss) => `  quote miss: ${miss}`)].join("\n");
}

const figures = FRESH_CAPTURES.map(freshFigures);
process.stdout.write(`${table(figures)}\n\n${figures.map(details).join("\n\n")}\n`);
