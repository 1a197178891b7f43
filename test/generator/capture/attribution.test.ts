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

const RETRIEVED = "2024-03-02T09:30:00+00:00";
const read = (html: string, platformId = "990000001") => readAttribution(readable(html), platformId, RETRIEVED);

describe("the title of a page", () => {
  it("is the guide's title element, whichever class of it names a title, before the first h1", () => {
    const html = '<html><head><title>Steam Community :: Guide :: Page title</title></head><body><h1>First heading</h1><div class="guide entry-title">EXAMPLE CONTENT: Example Guide</div></body></html>';
    const attribution = read(html);
    expect(attribution.title).toBe("EXAMPLE CONTENT: Example Guide");
    expect(attribution.skip.map((element) => element.tag)).toEqual(["div", "title"]);
  });

  it("is the first h1 with text when no element names a title, an empty h1 skipped", () => {
    const attribution = read("<html><body><h1> </h1><h1> EXAMPLE CONTENT: Example Guide </h1><h1>Second</h1></body></html>");
    expect(attribution.title).toBe("EXAMPLE CONTENT: Example Guide");
    expect(attribution.skip).toHaveLength(1);
  });

  it("is the page's title without Steam's prefix when the page has no title element or h1, and none when that is empty", () => {
    expect(read("<html><head><title>Steam Community :: Guide :: EXAMPLE CONTENT</title></head><body><p>661</p></body></html>").title).toBe("EXAMPLE CONTENT");
    expect(read("<html><head><title>EXAMPLE CONTENT :: Guide :: x</title></head></html>").title).toBe("EXAMPLE CONTENT :: Guide :: x");
    expect(read("<html><head><title> </title></head></html>").title).toBeNull();
    expect(read("<p>EXAMPLE CONTENT</p>")).toMatchObject({ title: null, skip: [] });
    expect(read("<html><head><title>EXAMPLE CONTENT Steam Community :: Guide :: x</title></head></html>").title).toBe("EXAMPLE CONTENT Steam Community :: Guide :: x");
  });
});

describe("the authors of a page", () => {
  it("are Steam's author blocks, then author links, each once, without empty names", () => {
    const html =
      '<div class="friendBlockContent">Example Author A <br><span>Online</span></div><div class="friendBlockContent"> </div><a class="author url" href="/a">Example Author B</a><a rel="author" href="/b">Example Author A</a><a rel="author">Example Author C</a><meta name="author" content="Example Author D">';
    expect(read(html).authors).toEqual(["Example Author A", "Example Author B", "Example Author C"]);
  });

  it("are at most twenty", () => {
    const html = Array.from({ length: 25 }, (_, index) => `<a rel="author">Example Author ${index}</a>`).join(" ");
    expect(read(html).authors).toEqual(Array.from({ length: 20 }, (_, index) => `Example Author ${index}`));
  });

  it("are the page's author meta tag when nothing else names one, and none when it is blank", () => {
    expect(read('<meta name="description" content="x"><meta name="author" content=" Example Author D "><p>661</p>').authors).toEqual(["Example Author D"]);
    expect(read('<meta name="author" content="  "><p>661</p>').authors).toEqual([]);
    expect(read('<meta property="author" content="Example Author E"><p>661</p>').authors).toEqual([]);
  });

  it("are read from a meta tag named author, not from another element of that name", () => {
    expect(read('<input name="author" value="x"><meta name="author" content="Example Author D"><p>661</p>').authors).toEqual(["Example Author D"]);
  });
});

describe("the address and the related guides of a page", () => {
  it("is the canonical link, else the og:url, else none", () => {
    expect(read('<link rel="stylesheet" href="/s.css"><link rel="canonical" href="https://example.com/a"><meta property="og:url" content="https://example.com/b">').url).toBe("https://example.com/a");
    expect(read('<meta property="og:title" content="x"><meta property="og:url" content="https://example.com/b">').url).toBe("https://example.com/b");
    expect(read("<p>661</p>").url).toBeNull();
  });

  it("is read from a link or meta tag, not from another element carrying the same attribute", () => {
    expect(read('<a rel="canonical" href="https://example.com/x">x</a><link rel="canonical" href="https://example.com/a">').url).toBe("https://example.com/a");
    expect(read('<span property="og:url">x</span><meta property="og:url" content="https://example.com/b">').url).toBe("https://example.com/b");
  });

  it("lists each other guide the page links to once, with the line it is linked from, but not the guide itself or links in a comment thread", () => {
    const html = `<p>EXAMPLE CONTENT</p>
<p>See also <a href="https://steamcommunity.com/sharedfiles/filedetails/?id=990000002">the other guide</a> for gems</p>
<p><a href="?x=1&id=990000003">Third</a></p>
<p><a href="?id=990000002">again</a> <a href="?id=990000001">this guide</a> <span href="?id=990000004">not a link</span> <a href="?pid=990000005">no id</a> <a>none</a></p>
<div class="commentthread_area"><a href="?id=990000006">a comment's guide</a></div>
<p><a href="?id=990000007"></a></p>
Last: <a href="?id=990000008">the last guide</a>`;
    expect(read(html).relatedGuides).toEqual([
      { platform_id: "990000002", quote: "See also the other guide for gems" },
      { platform_id: "990000003", quote: "Third" },
      { platform_id: "990000008", quote: "Last: the last guide" },
    ]);
  });

  it("quotes a link holding a block from the start of the line it opens on", () => {
    expect(read('<p>See <a href="?id=990000002"><div>Fourth</div></a></p>').relatedGuides).toEqual([{ platform_id: "990000002", quote: "See \nFourth" }]);
  });
});

describe("dates a page writes without Steam's markup", () => {
  it("reads a labelled date on its own line, past the label's colon, and none where no date follows", () => {
    const html = "<p>Posted 4 Nov, 2023 @ 8:17pm</p><p>Updated:</p><p>661</p>";
    expect(read(html)).toMatchObject({ posted: "2023-11-04T20:17:00", updated: null });
  });

  it("reads Steam's Updated value beside its label, whichever order the labels come in", () => {
    const html =
      '<div class="detailsStatLeft">Updated</div><div class="detailsStatLeft">Posted</div><div class="detailsStatRight">1 Mar @ 6:20pm</div><div class="detailsStatRight">4 Nov, 2023 @ 8:17pm</div>';
    expect(read(html)).toMatchObject({ posted: "2023-11-04T20:17:00", updated: "2024-03-01T18:20:00" });
  });
});
