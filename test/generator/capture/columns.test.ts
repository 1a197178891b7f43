import { describe, expect, it } from "vitest";
import { CELL_KINDS, columnRole, LEVEL_ORDERS, NOT_GRADED_CELL } from "../../../generator/capture/columns.ts";

// The words of a table's header and the shapes of its cells, as the drafter reads them.

const kindOf = (cell: string) => CELL_KINDS.find(({ pattern }) => pattern.test(cell))?.kind ?? null;

describe("a header cell names its column's role", () => {
  it.each([
    ["Seed", "seeds"],
    ["Paint seed", "seeds"],
    ["Pattern ID", "seeds"],
    ["Template", "seeds"],
    ["Seeds (fade %)", "seeds"],
    ["Tier", "level"],
    ["Grade", "level"],
    ["Level", "level"],
    ["Rank", "rank"],
    ["#", "rank"],
    ["Place", "rank"],
    ["Price*", "other"],
    ["Price (FT)", "other"],
    ["$", "other"],
    ["Value", "other"],
    ["Float", "other"],
    ["Date", "other"],
    ["Added", "other"],
    ["%", "measurement"],
    ["Blue %", "measurement"],
    ["Notes", "note"],
    ["Fade", "label"],
    ["Type", "label"],
  ])("%s is a %s column", (header, role) => {
    expect(columnRole(header)).toBe(role);
  });

  it.each([
    ["Паттерн", "seeds"],
    ["Уровень", "level"],
    ["Цена", "other"],
    ["Место", "rank"],
    ["Padrão", "seeds"],
    ["Preço", "other"],
    ["Semilla", "seeds"],
    ["Nivel", "level"],
    ["Precio", "other"],
    ["Fecha", "other"],
    ["Muster", "seeds"],
    ["Stufe", "level"],
    ["Preis", "other"],
    ["Platz", "rank"],
    ["Motif", "seeds"],
    ["Niveau", "level"],
    ["Prix", "other"],
    ["Wzór", "seeds"],
    ["Poziom", "level"],
    ["Cena", "other"],
    ["Desen", "seeds"],
    ["Seviye", "level"],
    ["Fiyat", "other"],
    ["图案", "seeds"],
    ["等级", "level"],
    ["价格", "other"],
    ["排名", "rank"],
  ])("%s (another language) is a %s column", (header, role) => {
    expect(columnRole(header)).toBe(role);
  });

  it("a header's role is read past its outer spaces and a trailing colon or asterisk", () => {
    expect([columnRole("  Rank: "), columnRole("Rank :*"), columnRole("Tier：*"), columnRole("#\t"), columnRole("Pattern ID:")]).toEqual(["rank", "rank", "level", "rank", "seeds"]);
    expect(columnRole("Ranked by")).toBeNull();
  });

  it("a rank word is a rank column only as the whole header: Rank of the seed names none", () => {
    expect(columnRole("Rank of the seed")).toBe("seeds");
    expect(columnRole("Ranked by")).toBeNull();
  });
});

describe("a cell is a price, a percentage, a decimal or a date by its content alone", () => {
  it.each([
    ["$1,200", "price"],
    ["~$900", "price"],
    ["$700-900", "price"],
    ["$2,500+", "price"],
    ["45 €", "price"],
    ["1 200 ₽", "price"],
    ["R$ 50", "price"],
    ["12k", "price"],
    ["99%", "percentage"],
    ["81,5 %", "percentage"],
    ["0.07", "decimal"],
    ["0,153", "decimal"],
    ["2024-01-12", "date"],
    ["12.03.2023", "date"],
    ["12 Jan 2024", "date"],
    ["March 2024", "date"],
  ])("%s is a %s", (cell, kind) => {
    expect(kindOf(cell)).toBe(kind);
  });

  it.each(["661", "12, 13", "763 / 404", "Tier 1", "S", "412 (100%)", "1000"])("%s is none of them", (cell) => {
    expect(kindOf(cell)).toBeNull();
  });
});

describe("a level cell that grades nothing", () => {
  it.each(["-", "—", "–", "?", "none", "n/a", "N/A"])("%s grades nothing", (cell) => {
    expect(NOT_GRADED_CELL.test(cell)).toBe(true);
  });

  it.each(["S", "Tier 1", "X", "100%"])("%s is a level", (cell) => {
    expect(NOT_GRADED_CELL.test(cell)).toBe(false);
  });
});

describe("the natural order of a level column's labels, best first", () => {
  /** The labels sorted by the order that reads every one of them, with its name, or null when none does. */
  function sorted(labels: readonly string[]): { name: string; labels: string[] } | null {
    for (const { name, pattern, place } of LEVEL_ORDERS) {
      const places = labels.map((label) => {
        const groups = pattern.exec(label)?.groups;
        return groups === undefined ? null : place(groups);
      });
      if (places.some((found) => found === null)) continue;
      return { name, labels: labels.map((label, index) => ({ label, place: places[index]! })).sort((a, b) => a.place - b.place).map(({ label }) => label) };
    }
    return null;
  }

  it.each([
    [["3", "T1", "2", "t 10"], "numbered, 1 best", ["T1", "2", "3", "t 10"]],
    [["95%", "99,5 %", "100%", "99.1%"], "percentages, highest best", ["100%", "99,5 %", "99.1%", "95%"]],
    [["B", "A-", "S", "A", "A+", "SS", "a++", "F", "sss", "C", "D", "E"], "letter grades, S before A before B", ["sss", "SS", "S", "a++", "A+", "A", "A-", "B", "C", "D", "E", "F"]],
    [["iii", "X", "I", "IV", "ii", "ix", "V", "vi", "vii", "viii"], "Roman numerals, I best", ["I", "ii", "iii", "IV", "V", "vi", "vii", "viii", "ix", "X"]],
    [["Bottom", "low", "mid", "GOD", "top", "Upper", "High", "middle", "lower"], "top to bottom", ["GOD", "top", "High", "Upper", "mid", "middle", "low", "lower", "Bottom"]],
  ])("%j read as %s", (labels, name, best) => {
    expect(sorted(labels)).toEqual({ name, labels: best });
  });

  it("reads mixed labels in no natural order", () => {
    expect(sorted(["S", "1"])).toBeNull();
    expect(sorted(["Top", "B"])).toBeNull();
  });
});
