import { describe, expect, it } from "vitest";
import { labelBeforeSeeds, quoteReadings, type QuotedSystem } from "../../../generator/capture/quote-numbers.ts";

// What each number of a grading's quote is, as check and the review of numbers read it. Quotes, labels and
// seeds are test data, not taken from a real guide.

type Gradings = QuotedSystem["gradings"];

function system(levels: Record<string, string>, gradings: Gradings, label = "Tiers"): QuotedSystem {
  return { label, levels: Object.entries(levels).map(([key, levelLabel]) => ({ key, label: levelLabel })), gradings };
}

/** Each quote's numbers as written, each with its roles (`661:seed`, `1:label+rank`, `151:-` for none). */
function readings(...systems: QuotedSystem[]): Record<string, string[]> {
  const read: Record<string, string[]> = {};
  for (const [quote, numbers] of quoteReadings(systems)) {
    read[quote] = numbers.map((number) => `${quote.slice(number.start, number.end)}:${[...number.roles].sort().join("+") || "-"}`);
  }
  return read;
}

describe("the seeds of a quote", () => {
  it("are taken by one level's gradings in the quote's order, a seed written twice once per grading", () => {
    const gradings = [555, 555, 77].map((seed) => ({ seed, level: "t1", quote: "555, 555, 77" }));
    expect(readings(system({ t1: "Tier 1" }, gradings))).toEqual({ "555, 555, 77": ["555:seed", "555:seed", "77:seed"] });
    expect(readings(system({ t1: "Tier 1" }, [gradings[0]!, gradings[2]!]))).toEqual({ "555, 555, 77": ["555:seed", "555:-", "77:seed"] });
  });

  it("are found out of order, and a seed written once but graded twice has its place", () => {
    const outOfOrder = [151, 661].map((seed) => ({ seed, level: "t1", quote: "661, 151" }));
    expect(readings(system({ t1: "Tier 1" }, outOfOrder))).toEqual({ "661, 151": ["661:seed", "151:seed"] });
    const twice = [5, 5].map((seed) => ({ seed, level: "t1", quote: "5 and 12" }));
    expect(readings(system({ t1: "Tier 1" }, twice))).toEqual({ "5 and 12": ["5:seed", "12:-"] });
  });

  it("are taken by each system's gradings in its own order when systems share a quote", () => {
    const read = readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote: "661, 151, 661" }]), system({ a: "A" }, [{ seed: 661, level: "a", quote: "661, 151, 661" }], "Other"));
    expect(read).toEqual({ "661, 151, 661": ["661:seed", "151:-", "661:-"] });
  });

  it("are taken outside the level's label when the label writes the same number", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 1, level: "t1", quote: "Tier 1: 1" }]))).toEqual({ "Tier 1: 1": ["1:label", "1:seed"] });
    expect(readings(system({ t1: "1" }, [{ seed: 1, level: "t1", quote: "1. 1" }]))).toEqual({ "1. 1": ["1:label", "1:seed"] });
    const twice = [5, 5].map((seed) => ({ seed, level: "t1", quote: "5, 5 — Tier 1" }));
    expect(readings(system({ t1: "Tier 1" }, twice))).toEqual({ "5, 5 — Tier 1": ["5:seed", "5:seed", "1:label"] });
  });

  it("are taken, for a grading out of order, at the first place of its seed no grading took", () => {
    const gradings = [661, 151, 661].map((seed) => ({ seed, level: "t1", quote: "661, 661, 151" }));
    expect(readings(system({ t1: "Tier 1" }, gradings))).toEqual({ "661, 661, 151": ["661:seed", "661:seed", "151:seed"] });
  });

  it("are read with the system's label alone for a grading of a level the system does not have", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "zz", quote: "Tier 1: 661" }], "Tier 1"))).toEqual({ "Tier 1: 661": ["1:label", "661:seed"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "zz", quote: "Tier 1: 661" }], "Best"))).toEqual({ "Tier 1: 661": ["1:mention", "661:seed"] });
  });

  it("take a seed written only inside the level's label there, where no other place writes it", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 1, level: "t1", quote: "Tier 1: 5" }]))).toEqual({ "Tier 1: 5": ["1:label+mention+seed", "5:-"] });
  });
});

describe("the ranks of a quote", () => {
  it("are the rank written before the seed, or after it when none is before", () => {
    expect(readings(system({ p1: "#1" }, [{ seed: 661, level: "p1", quote: "#1 — 661", rank: 1 }], "Top"))).toEqual({ "#1 — 661": ["1:label+rank", "661:seed"] });
    expect(readings(system({ p: "Top" }, [{ seed: 661, level: "p", quote: "661 (rank 1)", rank: 1 }], "Best"))).toEqual({ "661 (rank 1)": ["661:seed", "1:rank"] });
  });

  it("are no number the seed itself takes, and a number equal to the rank when the seed is not written", () => {
    expect(readings(system({ p: "Top" }, [{ seed: 5, level: "p", quote: "5", rank: 5 }], "Best"))).toEqual({ "5": ["5:seed"] });
    expect(readings(system({ p: "Top" }, [{ seed: 661, level: "p", quote: "#1 — 662", rank: 1 }], "Best"))).toEqual({ "#1 — 662": ["1:mention+rank", "662:-"] });
  });

  it("take the nearest number before each seed for a quote ranking several", () => {
    const quote = "1. 661 2. 151 3. 2";
    const gradings = [661, 151, 2].map((seed, index) => ({ seed, level: "p", quote, rank: index + 1 }));
    expect(readings(system({ p: "Top" }, gradings, "Best"))).toEqual({ [quote]: ["1:rank", "661:seed", "2:rank", "151:seed", "3:rank", "2:seed"] });
    const tied = "2. 661, 1. 151, 2. 555";
    const ties = [[661, 2], [151, 1], [555, 2]].map(([seed, rank]) => ({ seed: seed!, rank, level: "p", quote: tied }));
    expect(readings(system({ p: "Top" }, ties, "Best"))).toEqual({ [tied]: ["2:rank", "661:seed", "1:rank", "151:seed", "2:rank", "555:seed"] });
  });
});

describe("the labels of a quote", () => {
  it("are the level's label before its seeds, and a label holding a letter anywhere as a whole word", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote: "Tier 1: 661" }]))).toEqual({ "Tier 1: 661": ["1:label", "661:seed"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 594, level: "t1", quote: "Seed 594 — Tier 1" }]))).toEqual({ "Seed 594 — Tier 1": ["594:seed", "1:label"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 594, level: "t1", quote: "Seed 594 — Tier 15" }]))).toEqual({ "Seed 594 — Tier 15": ["594:seed", "15:mention"] });
  });

  it("read a label holding a letter only as a whole word, not at the end of a longer one", () => {
    expect(readings(system({ p2: "Pink 2" }, [{ seed: 594, level: "p2", quote: "Seed 594 — HotPink 2" }]))).toEqual({ "Seed 594 — HotPink 2": ["594:seed", "2:-"] });
  });

  it("read a label of digits alone only before the seeds, never inside a number or after a seed", () => {
    const gradings = [
      { seed: 661, level: "t1", quote: "1. 661" },
      { seed: 15, level: "t1", quote: "15, 1" },
      { seed: 32, level: "t1", quote: "32 and 1" },
    ];
    expect(readings(system({ t1: "1" }, gradings))).toEqual({ "1. 661": ["1:label", "661:seed"], "15, 1": ["15:seed", "1:-"], "32 and 1": ["32:seed", "1:-"] });
  });

  it("read none for a level or a system without a label", () => {
    expect(readings(system({ t1: "" }, [{ seed: 661, level: "t1", quote: "1: 661" }], ""))).toEqual({ "1: 661": ["1:-", "661:seed"] });
  });

  it("read the system's label as the level's", () => {
    expect(readings(system({ g: "Gold" }, [{ seed: 661, level: "g", quote: "Top 10: 661" }], "Top 10"))).toEqual({ "Top 10: 661": ["10:label", "661:seed"] });
  });

  it("read a level's label with its description as its core (`Tier 2 (best ones)` before `Tier 2: 32`)", () => {
    expect(readings(system({ t2: "Tier 2 (best ones)" }, [{ seed: 32, level: "t2", quote: "Tier 2: 32" }]))).toEqual({ "Tier 2: 32": ["2:label", "32:seed"] });
  });
});

describe("the notes and mentions of a quote", () => {
  it("are a grading's note where the quote writes it", () => {
    const quote = "661 (like 151 but bluer)";
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote, note: { quote: "like 151 but bluer" } }]))).toEqual({ [quote]: ["661:seed", "151:note"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote, note: { quote: "" } }]))).toEqual({ [quote]: ["661:seed", "151:-"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote, note: null }]))).toEqual({ [quote]: ["661:seed", "151:-"] });
  });

  it("are a note's numbers up to its two ends", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote: "661 (151)", note: { quote: "151" } }]))).toEqual({ "661 (151)": ["661:seed", "151:note"] });
  });

  it("are a number after a level's word at the quote's start", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote: "Top 10 has 661 in it" }]))).toEqual({ "Top 10 has 661 in it": ["10:mention", "661:seed"] });
  });

  it("are a level the guide names with a letter and a number, or a number after a level's word", () => {
    const quote = "661 beats Pink 2 and not a Top 10";
    expect(readings(system({ t1: "Tier 1", p2: "Pink 2" }, [{ seed: 661, level: "t1", quote }]))).toEqual({ [quote]: ["661:seed", "2:mention", "10:mention"] });
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote }]))).toEqual({ [quote]: ["661:seed", "2:-", "10:mention"] });
    expect(readings(system({ t1: "Tier 1", p2: "Pink 2" }, [{ seed: 661, level: "t1", quote: "661 beats Pink 22" }]))).toEqual({ "661 beats Pink 22": ["661:seed", "22:-"] });
    expect(readings(system({ t1: "Tier 1", p2: "Pink 2" }, [{ seed: 661, level: "t1", quote: "661 beats HotPink 2" }]))).toEqual({ "661 beats HotPink 2": ["661:seed", "2:-"] });
    expect(readings(system({ t1: "Tier 1", d: "2" }, [{ seed: 661, level: "t1", quote: "661 beats 2 others" }]))).toEqual({ "661 beats 2 others": ["661:seed", "2:-"] });
  });

  it("are read only when the seeds, ranks and labels leave a number without a role", () => {
    expect(readings(system({ t1: "Tier 1" }, [{ seed: 661, level: "t1", quote: "Tier 1: 661" }]))["Tier 1: 661"]).toEqual(["1:label", "661:seed"]);
  });
});

describe("a label before seeds", () => {
  it("stands at the line's start after bullets, as a whole, followed by a separator or nothing", () => {
    expect(labelBeforeSeeds("• Tier 2: 32", "Tier 2")).toEqual({ start: 2, end: 8 });
    expect(labelBeforeSeeds("Tier 2", "Tier 2")).toEqual({ start: 0, end: 6 });
    expect(labelBeforeSeeds("Tier 2x: 32", "Tier 2")).toBeNull();
    expect(labelBeforeSeeds("Tier 2 32", "Tier 2")).toBeNull();
    expect(labelBeforeSeeds("Also Tier 2: 32", "Tier 2")).toBeNull();
    expect(labelBeforeSeeds("Tier 2: 32", "")).toBeNull();
    expect(labelBeforeSeeds("", "")).toBeNull();
  });
});
