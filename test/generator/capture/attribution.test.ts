import { describe, expect, it } from "vitest";
import { readAttribution } from "../../../generator/capture/attribution.ts";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";

function readable(html: string): ReadableCapture {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

/** A Steam guide page as its markup writes the attribution, in the reader's interface language. */
function steamPage(labels: readonly [string, string], values: readonly [string, string]): string {
  return `<html><head><title>Steam Community :: Guide :: EXAMPLE CONTENT</title></head><body>
<div class="guideTop"><div class="workshopItemTitle">EXAMPLE CONTENT: Example Guide</div></div>
<div class="creatorsBlock"><div class="friendBlock"><div class="friendBlockContent">Example Author A<br><span class="friendSmallText">Offline</span></div></div></div>
<div class="detailsStatsContainerLeft"><div class="detailsStatLeft">${labels[0]}</div><div class="detailsStatLeft">${labels[1]}</div></div>
<div class="detailsStatsContainerRight"><div class="detailsStatRight">${values[0]}</div><div class="detailsStatRight">${values[1]}</div></div>
<div class="guide subSections"><div class="subSectionTitle">Tier 1</div><div class="subSectionDesc">661, 151</div></div></body></html>`;
}

// Each row: Steam's Posted and Updated labels and dates in one interface language; the page was saved in
// 2024, so an Updated date without a year is of 2024.
const STEAM: readonly { language: string; labels: [string, string]; values: [string, string] }[] = [
  { language: "English", labels: ["Posted", "Updated"], values: ["4 Nov, 2023 @ 8:17pm", "1 Mar @ 6:20pm"] },
  { language: "Russian", labels: ["Опубликовано", "Обновлено"], values: ["4 ноя. 2023 в 20:17", "1 мар в 18:20"] },
  { language: "Portuguese (Brazil)", labels: ["Publicado", "Atualizado"], values: ["4/nov./2023 às 20:17", "1/mar. às 18:20"] },
  { language: "Spanish", labels: ["Publicado", "Actualizado"], values: ["4 NOV 2023 a las 20:17", "1 MAR a las 18:20"] },
  { language: "German", labels: ["Veröffentlicht", "Aktualisiert"], values: ["4. Nov. 2023 um 20:17", "1. März um 18:20"] },
  { language: "French", labels: ["Publié", "Mis à jour"], values: ["4 nov. 2023 à 20h17", "1 mars à 18h20"] },
  { language: "Polish", labels: ["Opublikowano", "Zaktualizowano"], values: ["4 listopada 2023 o 20:17", "1 marca o 18:20"] },
  { language: "Turkish", labels: ["Gönderildi", "Güncellendi"], values: ["4 Kas 2023 @ 20:17", "1 Mar @ 18:20"] },
  { language: "Chinese (simplified)", labels: ["发表于", "更新日期"], values: ["2023 年 11 月 4 日 下午 8:17", "3 月 1 日 下午 6:20"] },
];

describe("Steam's Posted and Updated dates, in each interface language", () => {
  for (const { language, labels, values } of STEAM) {
    it(`reads the ${language} labels and dates of Steam's markup into local date-times`, () => {
      const attribution = readAttribution(readable(steamPage(labels, values)), "990000001", "2024-03-02T09:30:00+00:00");
      expect(attribution).toMatchObject({ title: "EXAMPLE CONTENT: Example Guide", authors: ["Example Author A"], posted: "2023-11-04T20:17:00", updated: "2024-03-01T18:20:00" });
    });

    it(`reads the ${language} dates from labelled lines of a page without Steam's markup`, () => {
      const html = `<html><body><h1>EXAMPLE CONTENT: Example Guide</h1><p>${labels[0]}: ${values[0]}</p><p>${labels[1]}: ${values[1]}</p><p>661, 151</p></body></html>`;
      const attribution = readAttribution(readable(html), "990000001", "2024-03-02T09:30:00+00:00");
      expect(attribution).toMatchObject({ posted: "2023-11-04T20:17:00", updated: "2024-03-01T18:20:00" });
    });
  }
});
