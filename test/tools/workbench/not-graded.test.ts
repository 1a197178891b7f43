// A seed left ungraded where it is written (tools/workbench/not-graded.ts): its grading goes, and the gradings
// sharing its quote keep quotes check accepts. Literal guides (example data) for what the edit does, and the
// phase-abbreviations fixture's finished guide for what `npm run check` says of the result.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Guide } from "../../../contract/schema/guide.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "../../../generator/validate/rules/seeds-in-quotes.ts";
import { applyEdit } from "../../../tools/workbench/apply.ts";
import { checkEdited, type WorkbenchBase } from "../../../tools/workbench/base.ts";
import { sideEffectsSentence } from "../../../tools/workbench/side-effects.ts";
import { WORKBENCH_CASES } from "../../fixtures/workbench/cases.ts";
import { capturePathOf, contextOf as caseContextOf, expectedTextOf, FIXTURES, numberOn } from "../../support/workbench-cases.ts";
import { applied, appliedWithEffects, contextOf, grading, guideOf, level, numberIn, refusal, system } from "../../support/workbench-guides.ts";

const LINE = "Tier 1: 661 • 151 • 321";
const CONTEXT = contextOf(["Example tiers, EXAMPLE CONTENT", LINE, "Also liked: 151"]);

const tiers = (id = "tiers", paints = [418]) => system(id, "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", LINE), grading(151, "t1", LINE), grading(321, "t1", LINE)], { paint_indexes: paints });
const quotesOf = (guide: { systems: { gradings: { seed: number; quote: string }[] }[] }) => guide.systems.map((entry) => entry.gradings.map((one) => `${one.seed}: ${one.quote}`));
/** What the check's two rules on shared quotes say of a guide. */
const findingsOf = (guide: unknown) => [...seedsOccurInTheirQuotes(guide as Guide), ...sharedQuotesKeepTheirOrder(guide as Guide)].map((finding) => `${finding.path}: ${finding.message}`);

describe("a seed not graded where it is written", () => {
  it("loses its grading there, the seeds before it quoting the text before it and those after it the text after it", () => {
    const guide = applied(guideOf([tiers()]), { kind: "not-graded", number: numberIn(CONTEXT, LINE, 151) }, CONTEXT);
    expect(quotesOf(guide)).toEqual([["661: Tier 1: 661", "321: 321"]]);
    expect(findingsOf(guide)).toEqual([]);
  });

  it("is what dropping the number leaves check refusing: a seed the line lists between two graded ones", () => {
    const dropped = applied(guideOf([tiers()]), { kind: "drop-number", number: numberIn(CONTEXT, LINE, 151) }, CONTEXT);
    expect(findingsOf(dropped)).toEqual([`$.systems[0].gradings[1].seed: is 321, but its quote lists 151 before it, which no grading of this level takes from this quote`]);
  });

  it("keeps the others' quote whole when it is the first or the last seed of the quote", () => {
    const first = applied(guideOf([tiers()]), { kind: "not-graded", number: numberIn(CONTEXT, LINE, 661) }, CONTEXT);
    expect(quotesOf(first)).toEqual([[`151: ${LINE}`, `321: ${LINE}`]]);
    expect(findingsOf(first)).toEqual([]);
    const last = applied(guideOf([tiers()]), { kind: "not-graded", number: numberIn(CONTEXT, LINE, 321) }, CONTEXT);
    expect(quotesOf(last)).toEqual([[`661: ${LINE}`, `151: ${LINE}`]]);
  });

  it("is left ungraded in every system that took it there, and graded where the guide writes it elsewhere", () => {
    const elsewhere = system("liked", "Liked", [level("in", "Also liked")], [grading(151, "in", "Also liked: 151")], { paint_indexes: [420] });
    const guide = applied(guideOf([tiers(), tiers("copy", [419]), elsewhere]), { kind: "not-graded", number: numberIn(CONTEXT, LINE, 151) }, CONTEXT);
    expect(quotesOf(guide)).toEqual([["661: Tier 1: 661", "321: 321"], ["661: Tier 1: 661", "321: 321"], ["151: Also liked: 151"]]);
  });

  it("cuts the quote where the seed left out stands even when no separator is written beside it", () => {
    const line = "Tier 1: 661, 151 321 92, 32";
    const context = contextOf(["Example tiers, EXAMPLE CONTENT", line]);
    const guide = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [661, 151, 321, 92, 32].map((seed) => grading(seed, "t1", line)))]);
    const ungraded = applied(guide, { kind: "not-graded", number: numberIn(context, line, 321) }, context);
    expect(quotesOf(ungraded)).toEqual([["661: Tier 1: 661, 151", "151: Tier 1: 661, 151", "92: 92, 32", "32: 92, 32"]]);
    expect(findingsOf(ungraded)).toEqual([]);
  });

  it("leaves a grading whose seed its quote does not write with the quote it had", () => {
    const guide = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", LINE), grading(999, "t1", LINE), grading(151, "t1", LINE), grading(321, "t1", LINE)])]);
    const ungraded = applied(guide, { kind: "not-graded", number: numberIn(CONTEXT, LINE, 151) }, CONTEXT);
    expect(quotesOf(ungraded)).toEqual([["661: Tier 1: 661", `999: ${LINE}`, "321: 321"]]);
  });

  it("takes a number written at the very end of the text", () => {
    const text = `Example tiers, EXAMPLE CONTENT\n${LINE}`;
    const context = { ...CONTEXT, text };
    const ungraded = applied(guideOf([tiers()]), { kind: "not-graded", number: { start: text.length - 3, end: text.length } }, context);
    expect(quotesOf(ungraded)).toEqual([[`661: ${LINE}`, `151: ${LINE}`]]);
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: { start: text.length - 3, end: text.length + 1 } }, context)).toBe(`no whole number at ${text.length - 3}..${text.length + 1} of the capture's text`);
  });

  it("tells a seed from the same number in its level's label", () => {
    const line = "Blue 3: 3, 661, 151";
    const context = contextOf(["Example tiers, EXAMPLE CONTENT", line]);
    const guide = guideOf([system("blue", "Blue", [level("b3", "Blue 3")], [3, 661, 151].map((seed) => grading(seed, "b3", line)))]);
    const seed = context.text.indexOf(line) + line.indexOf(": 3") + 2;
    expect(quotesOf(applied(guide, { kind: "not-graded", number: { start: seed, end: seed + 1 } }, context))).toEqual([[`661: ${line}`, `151: ${line}`]]);
    expect(refusal(guide, { kind: "not-graded", number: { start: seed - 3, end: seed - 2 } }, context)).toBe("no grading takes the 3 on line 2");
  });

  it("says which gradings it gave new quotes", () => {
    const { sideEffects } = appliedWithEffects(guideOf([tiers()]), { kind: "not-graded", number: numberIn(CONTEXT, LINE, 151) }, CONTEXT);
    expect(sideEffectsSentence(sideEffects)).toBe("also changed the quote of seeds 661, 321 of Tier 1 of Tiers (line 2)");
  });

  it("is refused where no grading takes the number, or where no whole number is written", () => {
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: numberIn(CONTEXT, "Also liked: 151", 151) }, CONTEXT)).toBe("no grading takes the 151 on line 3");
    const partOf661 = numberIn(CONTEXT, LINE, 661);
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: { start: partOf661.start, end: partOf661.end - 1 } }, CONTEXT)).toMatch(/^no whole number at /);
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: { start: partOf661.start + 1, end: partOf661.end } }, CONTEXT)).toMatch(/^no whole number at /);
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: { start: partOf661.start - 1, end: partOf661.end } }, CONTEXT)).toBe(`no whole number at ${partOf661.start - 1}..${partOf661.end} of the capture's text`);
    expect(refusal(guideOf([tiers()]), { kind: "not-graded", number: { start: partOf661.start, end: partOf661.end + 1 } }, CONTEXT)).toMatch(/^no whole number at /);
  });
});

describe("a seed not graded in a finished guide", () => {
  const phases = WORKBENCH_CASES.find((workbenchCase) => workbenchCase.name === "phase abbreviations")!;

  it("leaves a guide npm run check accepts, where dropping the number does not", () => {
    const context = caseContextOf(phases);
    const bytes = readFileSync(path.join(FIXTURES, phases.capture));
    const base = {
      platformId: phases.platformId,
      file: `guides/${phases.platformId}.json`,
      raw: { capture: { ok: true, value: bytes } },
      capture: prepareCapture(capturePathOf(phases), bytes),
      items: context.items,
      uncheckedSlugs: new Set<string>(),
    } as unknown as WorkbenchBase;
    const finished = JSON.parse(expectedTextOf(phases)) as unknown;
    expect(checkEdited(base, finished)).toEqual([]);
    const number = numberOn("T1: 3 • 41 • 395", 41, context);
    const ungraded = applyEdit(finished, { kind: "not-graded", number }, context);
    const dropped = applyEdit(finished, { kind: "drop-number", number }, context);
    if (!ungraded.ok || !dropped.ok) throw new Error("the edits were refused");
    expect(checkEdited(base, ungraded.guide)).toEqual([]);
    expect(ungraded.guide.systems.find((entry) => entry.id === "p2")!.gradings.filter((one) => one.level === "t1").map((one) => [one.seed, one.quote])).toEqual([
      [3, "T1: 3"],
      [395, "395"],
    ]);
    expect(checkEdited(base, dropped.guide).map((problem) => problem.message)).toEqual(["is 395, but its quote lists 41 before it, which no grading of this level takes from this quote"]);
  });
});
