import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { continuedLabel, dividesLevel, labelKind, levelKind, namesLevel, paintsNamed } from "../../../tools/draft/labels.ts";

const DATASET = new URL("../../../dataset/", import.meta.url);
const item = (slug: string): ItemFile => JSON.parse(readFileSync(new URL(`items/${slug}.json`, DATASET), "utf8")) as ItemFile;

describe("what a heading's words say", () => {
  const doppler = item("karambit-doppler");
  const index = (label: string) => doppler.paints.find((paint) => paint.paint_label === label)!.paint_index;

  it.each([
    ["Phase 2", ["Phase 2"]],
    ["P2", ["Phase 2"]],
    ["💗 Ph2 💗", ["Phase 2"]],
    ["Ph.2 (pink)", ["Phase 2"]],
    ["Phase II", ["Phase 2"]],
    ["Phase two", ["Phase 2"]],
    ["🔴 P1 / P3 🔵", ["Phase 1", "Phase 3"]],
    ["Phases 1 & 3", ["Phase 1", "Phase 3"]],
    ["Phase 2/4", ["Phase 2", "Phase 4"]],
    ["Ruby", ["Ruby"]],
    ["Fase 2 — rosa", ["Phase 2"]],
    ["Фаза 4", ["Phase 4"]],
    ["Faza 1", ["Phase 1"]],
    ["💎 Safira", ["Sapphire"]],
    ["Zafiro y Rubí", ["Ruby", "Sapphire"]],
    ["Чёрная жемчужина", ["Black Pearl"]],
    ["黑珍珠", ["Black Pearl"]],
    ["蓝宝石图案", ["Sapphire"]],
    ["Perle noire", ["Black Pearl"]],
  ])("reads %j as naming the paints %j", (label, paints) => {
    expect(paintsNamed(label, doppler)).toEqual(paints.map(index));
  });

  it("reads no paint in a heading naming none, nor on an item of one paint", () => {
    expect(paintsNamed("Tier 1", doppler)).toBeNull();
    expect(paintsNamed("Phase 2", item("ak-47-case-hardened"))).toBeNull();
    // A word holding a gem's name is not the gem (`Rubinrot` is a colour).
    expect(paintsNamed("Rubinrot", doppler)).toBeNull();
    expect(paintsNamed("Fase final", doppler)).toBeNull();
  });

  it.each(["T1", "🔥 T2 🔥", "T1 - the best", "Tier 1", "S Tier"])("reads %j as a tier's label", (label) => {
    expect(levelKind(label)).toBe("tier");
  });

  it.each(["Уровень 1", "Тир S", "1-й уровень", "Nível S", "Nivel 2", "Stufe 2", "1. Stufe", "Niveau 1", "1er niveau", "Poziom 3", "Kademe 2", "1. Seviye", "一级", "第一梯队", "S级", "等级1"])(
    "reads %j, written in another language, as a tier's label",
    (label) => {
      expect(levelKind(label)).toBe("tier");
    },
  );

  it.each(["Часто задаваемые вопросы", "Список изменений", "Perguntas frequentes", "Registro de cambios", "Änderungen", "Foire aux questions", "Lista zmian", "Sıkça Sorulan Sorular", "更新日志", "常见问题"])(
    "reads %j as a section the guide does not grade",
    (label) => {
      expect(labelKind(label, item("ak-47-case-hardened"))).toEqual({ kind: "ungraded" });
    },
  );

  it.each(["Уровни", "Stufen 2", "一级棒"])("reads %j as no level's label", (label) => {
    expect(levelKind(label)).toBeNull();
  });

  it.each(["Playside", "Backside", "Play-side", "Front view", "Screenshots", "continued", "More found later", "Late additions"])("reads %j as dividing a level without ranking in it", (label) => {
    expect(dividesLevel(label)).toBe(true);
  });

  it.each(["Purple Play Side", "Blue Tip", "Tier 2", "Fire & Ice"])("reads %j as naming something", (label) => {
    expect(dividesLevel(label)).toBe(false);
  });

  it("takes a small typo in a level's words for that level, never one in its number", () => {
    expect(namesLevel("Teir 1", "Tier 1")).toBe(true);
    expect(namesLevel("Tricolour", "Tricolor")).toBe(true);
    expect(namesLevel("Fire and Ice", "Fire & Ice")).toBe(true);
    expect(namesLevel("Tier 2", "Tier 1")).toBe(false);
    expect(namesLevel("Blue Top", "Blue Tip")).toBe(false);
    expect(namesLevel("第二梯队", "第一梯队")).toBe(false);
  });

  it("reads a section title as continuing an earlier one when it says so or mistypes it, and an exact repeat as a new list", () => {
    const earlier = ["Tier list, part 1", "Tier 1", "Tier 2"];
    expect(continuedLabel("Tier 1 (continued)", earlier)).toBe("Tier 1");
    expect(continuedLabel("Teir 1 (contiued)", earlier)).toBe("Tier 1");
    expect(continuedLabel("Tier 2, cont.", earlier)).toBe("Tier 2");
    expect(continuedLabel("Tier list, part 2", earlier)).toBe("Tier list, part 1");
    expect(continuedLabel("Tier 1", earlier)).toBeNull();
    expect(continuedLabel("Tier 3", earlier)).toBeNull();
  });
});
