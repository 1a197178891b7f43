// What follows from a guide's gradings and is kept after every edit (tools/workbench/bookkeeping.ts), on literal
// guides (example data): positions, duplicate seeds, discrepancy places, references to systems, scale bounds.

import { describe, expect, it } from "vitest";
import { dropPlacesGone, followLevel, followSystem, numberPositions, recordDuplicateSeeds, rescale } from "../../../tools/workbench/bookkeeping.ts";
import type { DocumentDiscrepancy } from "../../../tools/workbench/document.ts";
import { grading, guideOf, level, system } from "../../support/workbench-guides.ts";

const LINE = "Tier 1: 661, 151";

/** Two systems: Tiers (t1, t2) and Copy (a), grading the seeds given as `seed@level`. */
function guideWith(tiers: readonly string[], copy: readonly string[] = [], discrepancies: DocumentDiscrepancy[] = []) {
  const gradings = (places: readonly string[]) => places.map((place) => grading(Number(place.split("@")[0]), place.split("@")[1]!, `${LINE} (${place})`));
  return guideOf(
    [system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], gradings(tiers)), system("copy", "Copy", [level("a", "A")], gradings(copy), { paint_indexes: [419] })],
    { discrepancies },
  );
}

describe("each grading's position", () => {
  it("counts 0, 1, 2, ... in its level, in the order of the system's gradings", () => {
    const guide = guideWith(["661@t1", "32@t2", "151@t1", "92@t2", "321@t1"], ["5@a"]);
    guide.systems[1]!.gradings[0]!.position = 7;
    numberPositions(guide);
    expect(guide.systems.map((entry) => entry.gradings.map((one) => `${one.seed}#${one.position}`))).toEqual([["661#0", "32#0", "151#1", "92#1", "321#2"], ["5#0"]]);
  });
});

describe("duplicate seeds", () => {
  it("are recorded once per seed graded twice or more, with each place once and every listing counted, as guide:draft writes them", () => {
    const guide = guideWith(["661@t1", "151@t1", "661@t2", "661@t2"], ["151@a", "32@a"]);
    recordDuplicateSeeds(guide);
    expect(guide.discrepancies).toEqual([
      { kind: "duplicate_seed", seed: 661, where: ["tiers:t1", "tiers:t2"], note: "Seed 661 is listed 3 times (tiers:t1, tiers:t2); every grading is kept.", quote_a: `${LINE} (661@t1)`, quote_b: `${LINE} (661@t2)` },
      { kind: "duplicate_seed", seed: 151, where: ["tiers:t1", "copy:a"], note: "Seed 151 is listed 2 times (tiers:t1, copy:a); every grading is kept.", quote_a: `${LINE} (151@t1)`, quote_b: `${LINE} (151@a)` },
    ]);
  });

  it("keep a record's own words and follow its places, rewriting only a note the tools wrote", () => {
    const own = { kind: "duplicate_seed", seed: 661, where: ["copy:a"], note: "The author lists it twice on purpose.", quote_a: "x", quote_b: "y" };
    const written = { kind: "duplicate_seed", seed: 151, where: ["copy:a"], note: "Seed 151 is listed 2 times (copy:a); every grading is kept.", quote_a: "x", quote_b: "y" };
    const guide = guideWith(["661@t1", "151@t1"], ["661@a", "151@a", "151@a"], structuredClone([own, written]));
    recordDuplicateSeeds(guide);
    expect(guide.discrepancies).toEqual([
      { ...own, where: ["tiers:t1", "copy:a"] },
      { ...written, where: ["tiers:t1", "copy:a"], note: "Seed 151 is listed 3 times (tiers:t1, copy:a); every grading is kept." },
    ]);
  });

  it("leave a note that is not a sentence as it is, for check to report", () => {
    const odd = { kind: "duplicate_seed", seed: 661, where: [], note: ["Seed 661 is listed 2 times (tiers:t1); every grading is kept."] };
    const guide = guideWith(["661@t1", "661@t1"], [], [structuredClone(odd)]);
    recordDuplicateSeeds(guide);
    expect(guide.discrepancies).toEqual([{ ...odd, where: ["tiers:t1"] }]);
  });

  it("go when their seed is graded once or no more, and leave every other discrepancy alone", () => {
    const gone = (seed: number) => ({ kind: "duplicate_seed", seed, where: ["tiers:t1", "copy:a"], note: "Example." });
    const others = [{ kind: "count_mismatch", where: ["tiers:t1"], note: "Example." }, { kind: "duplicate_seed", note: "No seed named." }, { kind: "unparseable", seed: 151, where: ["copy:a"], note: "Example." }];
    const guide = guideWith(["661@t1", "151@t1"], [], structuredClone([gone(661), others[0]!, gone(5), others[1]!, others[2]!]));
    recordDuplicateSeeds(guide);
    expect(guide.discrepancies).toEqual(others);
  });
});

describe("discrepancy places", () => {
  it("naming a level the guide no longer has are dropped, and a place list emptied with them", () => {
    const guide = guideWith([], [], [
      { kind: "count_mismatch", where: ["tiers:t2", "tiers:gone", "gone:t1"], note: "Example." },
      { kind: "count_mismatch", where: ["tiers:gone"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
      { kind: "count_mismatch", where: "tiers:gone" as unknown as string[], note: "Example." },
    ]);
    dropPlacesGone(guide);
    expect(guide.discrepancies).toEqual([
      { kind: "count_mismatch", where: ["tiers:t2"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
      { kind: "count_mismatch", note: "Example." },
      { kind: "count_mismatch", where: "tiers:gone", note: "Example." },
    ]);
  });

  it("follow a level merged into another, each place once", () => {
    const guide = guideWith([], [], [
      { kind: "count_mismatch", where: ["tiers:t2", "tiers:t1", "copy:t2"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
    ]);
    guide.discrepancies.push({ kind: "count_mismatch", where: "tiers:t2" as unknown as string[], note: "Example." });
    followLevel(guide, "tiers", "t2", "t1");
    expect(guide.discrepancies).toEqual([
      { kind: "count_mismatch", where: ["tiers:t1", "copy:t2"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
      { kind: "count_mismatch", where: "tiers:t2", note: "Example." },
    ]);
  });
});

describe("references to a system", () => {
  const referring = () =>
    guideWith([], [], [
      { kind: "count_mismatch", where: ["tiers:t1", "tiers_2:t1", "copy:a"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
    ]);
  const entry = (quote: string, system: string | null) => ({ quote, system });

  it("follow it to its new id: callouts, remarks, item claims and discrepancy places", () => {
    const guide = { ...referring(), callouts: [entry("a", "tiers"), entry("b", "copy")], remarks: [entry("c", "tiers"), entry("d", null)], item_claims: [entry("e", "tiers")] };
    guide.discrepancies.push({ kind: "count_mismatch", where: "tiers:t1" as unknown as string[], note: "Example." });
    followSystem(guide, "tiers", "best");
    expect([guide.callouts, guide.remarks, guide.item_claims]).toEqual([[entry("a", "best"), entry("b", "copy")], [entry("c", "best"), entry("d", null)], [entry("e", "best")]]);
    expect(guide.discrepancies.map((discrepancy) => discrepancy.where)).toEqual([["best:t1", "tiers_2:t1", "copy:a"], undefined, "tiers:t1"]);
  });

  it("go with a system gone: callouts and remarks then speak of the whole guide, its item claims go, places are left to their own bookkeeping", () => {
    const guide = { ...referring(), callouts: [entry("a", "tiers")], remarks: [entry("c", "tiers")], item_claims: [entry("e", "tiers"), entry("f", "copy"), entry("g", null)] };
    followSystem(guide, "tiers", null);
    expect([guide.callouts, guide.remarks, guide.item_claims]).toEqual([[entry("a", null)], [entry("c", null)], [entry("f", "copy"), entry("g", null)]]);
    expect(guide.discrepancies.map((discrepancy) => discrepancy.where)).toEqual([["tiers:t1", "tiers_2:t1", "copy:a"], undefined]);
  });
});

describe("a scale's best and worst", () => {
  const scaled = (kind: string, labels: readonly string[], ranks: readonly (number | undefined)[] = []) => {
    const levels = labels.map((label, index) => level(`l${index}`, label));
    const gradings = ranks.map((rank, index) => grading(index + 1, "l0", LINE, rank === undefined ? {} : { rank }));
    const one = system("tiers", "Tiers", levels, gradings, { scale: { kind, best: 5, worst: 5 } });
    rescale(one);
    return [one.scale.best, one.scale.worst];
  };

  it("run from 1 to the largest rank of a rank scale, or are unknown while it ranks nothing", () => {
    expect(scaled("rank", ["Ranked"], [3, undefined, 12, 7])).toEqual([1, 12]);
    expect(scaled("rank", ["Ranked"], [undefined])).toEqual([null, null]);
  });

  it("run from the first level's number to the last's when every label holds a number", () => {
    expect(scaled("tier", ["Tier 1.25", "Tier 2", "Tier 10"])).toEqual([1.25, 10]);
    expect(scaled("tier", ["Top 12.5%", "Top 3"])).toEqual([12.5, 3]);
  });

  it("are unknown when a label holds no number, or the system has no levels", () => {
    expect(scaled("tier", ["Tier 1", "Gold"])).toEqual([null, null]);
    expect(scaled("group", [])).toEqual([null, null]);
  });
});
