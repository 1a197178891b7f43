// The workbench's controls on the review page (tools/workbench/controls.ts): which buttons, fields and choices a
// maintainer is offered for a guide's state, over hand-made views of example guides (no files, no browser).

import { describe, expect, it } from "vitest";
import type { OutlineEntry } from "../../../tools/review/outline.ts";
import type { LevelView, Note, ReviewView, SystemView } from "../../../tools/review/view.ts";
import { entryList, levelTools, systemTools, workbenchPanel, type WorkbenchPage } from "../../../tools/workbench/controls.ts";

function level(key: string, label: string, extra: Partial<LevelView> = {}): LevelView {
  return { key, label, ordered: null, imagesOnly: false, colour: 0, seeds: [], notes: [], ...extra };
}

function system(id: string, label: string, levels: LevelView[], extra: Partial<SystemView> = {}): SystemView {
  return { id, label, kind: "tier", item: "example-rifle-example-paint", paintIndexes: null, levels, unknownLevelGradings: 0, notes: [], ...extra };
}

function view(systems: SystemView[], extra: Partial<ReviewView> = {}): ReviewView {
  return {
    platformId: "900000501",
    file: "guides/900000501.json",
    title: "EXAMPLE CONTENT: an example guide",
    capture: null,
    systems,
    quotes: [],
    unassigned: [],
    pieces: [],
    notes: [],
    gradings: 0,
    entries: [],
    guideNotes: null,
    permissionQuote: null,
    ...extra,
  };
}

function placeholder(path: string, id = 0): Note {
  return { id, kind: "placeholder", path, message: "a DRAFT-TODO placeholder", expected: null, quote: null };
}

const PAGE: WorkbenchPage = { base: "a".repeat(64), items: [] };
const ITEM = { slug: "example-rifle-example-paint", paints: [{ index: 1, label: "Blue" }, { index: 2, label: "" }, { index: 3, label: "Gold" }] };
const ONE_PAINT = { slug: "example-knife-one-paint", paints: [{ index: 7, label: "Red" }] };

const text = (markup: { value: string }) => markup.value;
/** The opening tag of the element holding `marker` (an attribute's text such as an aria-label). */
function tagWith(markup: string, marker: string): string {
  const at = markup.indexOf(marker);
  if (at < 0) throw new Error(`no element with ${marker}`);
  return markup.slice(markup.lastIndexOf("<", at), markup.indexOf(">", at) + 1);
}
/** The markup of the select whose id or aria-label is `marker`. */
function selectWith(markup: string, marker: string): string {
  const at = markup.indexOf(marker);
  const start = markup.lastIndexOf("<select", at);
  return markup.slice(start, markup.indexOf("</select>", at) + "</select>".length);
}

/** Each control of the markup as `element action [system/level] #id: accessible name`, in order. */
function controlsOf(markup: string): string[] {
  return [...markup.matchAll(/<(button|input|select|summary|details|span(?= role="group"))\b([^>]*)>/g)].flatMap(([, element, attributes]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes!)?.[1];
    if (element === "input" && attribute("type") === "checkbox") return [];
    const what = attribute("data-action") ?? attribute("name") ?? "";
    const target = [attribute("data-system"), attribute("data-level")].filter((part) => part !== undefined).join("/");
    const id = attribute("id") === undefined ? "" : ` #${attribute("id")}`;
    return [`${element} ${what}${target === "" ? "" : ` [${target}]`}${id}: ${attribute("aria-label") ?? ""}`];
  });
}

/** The text a reader sees, tags left out and spaces collapsed. */
const visibleText = (markup: string) => markup.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

describe("the workbench panel", () => {
  it("offers Save and explains selecting when the guide file was read, and disables Save when it was not", () => {
    const read = text(workbenchPanel(view([]), PAGE));
    expect(tagWith(read, 'data-action="save"')).not.toContain("disabled");
    expect(read).toContain("Select text of the capture");
    expect(read).not.toContain("could not be read");
    const unread = text(workbenchPanel(view([]), { ...PAGE, base: null }));
    expect(tagWith(unread, 'data-action="save"')).toContain(" disabled");
    expect(unread).toContain("The guide file could not be read: nothing can be saved over it.");
    expect(unread).not.toContain("Select text of the capture");
  });

  it("proposes the first system's item that is named as a new system's item, and none when no system names one", () => {
    const systems = [system("a", "A", [], { item: "" }), system("b", "B", [], { item: "example-knife-one-paint" }), system("c", "C", [], { item: "example-rifle-example-paint" })];
    expect(tagWith(text(workbenchPanel(view(systems), PAGE)), 'id="wb-system-item"')).toContain('value="example-knife-one-paint"');
    expect(tagWith(text(workbenchPanel(view([system("a", "A", [], { item: "" })]), PAGE)), 'id="wb-system-item"')).toContain('value=""');
  });

  it("lists as a listing's targets every graded level of each system, a new level in each, and a new system", () => {
    const systems = [system("blue", "Blue", [level("t1", "Tier 1"), level("pics", "Pictures", { imagesOnly: true })]), system("gold", "Gold", [level("g1", "Gold 1")])];
    const target = selectWith(text(workbenchPanel(view(systems), PAGE)), 'id="wb-target"');
    const options = [...target.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map(([, value, label]) => [value!.replaceAll("&quot;", '"'), label]);
    expect(options).toEqual([
      ['{"system":"blue","key":"t1"}', "Tier 1"],
      ['{"system":"blue"}', "New level in Blue…"],
      ['{"system":"gold","key":"g1"}', "Gold 1"],
      ['{"system":"gold"}', "New level in Gold…"],
      ["{}", "New system…"],
    ]);
    expect(target).toContain('<optgroup label="Blue">');
  });

  it("offers every scale for a new system and every item of the dataset", () => {
    const panel = text(workbenchPanel(view([]), { ...PAGE, items: [ITEM, ONE_PAINT] }));
    expect(selectWith(panel, 'id="wb-system-kind"')).toContain("<option>tier</option><option>rank</option><option>group</option><option>sublevel</option><option>band</option>");
    expect(panel).toContain('<datalist id="wb-items"><option value="example-rifle-example-paint"></option><option value="example-knife-one-paint"></option></datalist>');
  });

  it("offers every callout kind but example, a remark and an item claim, of the whole guide or of one system", () => {
    const panel = text(workbenchPanel(view([system("blue", "Blue", [])]), PAGE));
    expect(selectWith(panel, 'id="wb-entry-kind"')).toBe(
      '<select name="entry-kind" id="wb-entry-kind"><option value="exclusion">exclusion callout</option><option value="mention">mention callout</option><option value="common">common callout</option><option value="remark">remark</option><option value="item-claim">item claim</option></select>',
    );
    expect(selectWith(panel, 'id="wb-entry-system"')).toBe('<select name="entry-system" id="wb-entry-system"><option value="">the whole guide</option><option value="blue">Blue</option></select>');
  });

  it("shows the service's notes to edit, but not a DRAFT-TODO placeholder", () => {
    const notes = (guideNotes: string | null) => /<textarea name="notes" id="wb-notes" rows="2">([^<]*)<\/textarea>/.exec(text(workbenchPanel(view([], { guideNotes }), PAGE)))![1];
    expect(notes("Example notes of the service.")).toBe("Example notes of the service.");
    expect(notes("DRAFT-TODO: write the notes")).toBe("");
    expect(notes("Notes naming DRAFT-TODO: inside")).toBe("Notes naming DRAFT-TODO: inside");
    expect(notes(null)).toBe("");
  });

  it("says whether the reuse statement is decided, none on the page, or quoted", () => {
    const reuse = (permissionQuote: string | null) => /<p>Reuse statement: (.*)\n/.exec(text(workbenchPanel(view([], { permissionQuote }), PAGE)))![1];
    expect(reuse(null)).toBe("not decided");
    expect(reuse("DRAFT-TODO: find the reuse statement")).toBe("not decided");
    expect(reuse("")).toBe("none on the page");
    expect(reuse("Example Author A: reuse freely")).toBe("<q>Example Author A: reuse freely</q>");
  });

  it("offers to mark the undecided levels not ordered, counting them, only while some are undecided", () => {
    const decided = [system("a", "A", [level("t1", "T1", { ordered: true }), level("t2", "T2", { ordered: false })])];
    expect(text(workbenchPanel(view(decided), PAGE))).not.toContain("undecided-not-ordered");
    const one = text(workbenchPanel(view([system("a", "A", [level("t1", "T1"), level("t2", "T2", { ordered: false })])]), PAGE));
    expect(one).toContain("Ordered inside: 1 level undecided");
    expect(tagWith(one, 'data-action="undecided-not-ordered"')).toContain('aria-label="Mark the 1 level still undecided not ordered"');
    const three = text(workbenchPanel(view([system("a", "A", [level("t1", "T1"), level("t2", "T2")]), system("b", "B", [level("t1", "T1")])]), PAGE));
    expect(three).toContain("Ordered inside: 3 levels undecided");
  });

  it("offers to fill from the selection each attribution placeholder check names, once each, and no other", () => {
    const notes = [
      placeholder("$.title"),
      placeholder("$.authors[1]"),
      placeholder("$.authors[0]"),
      placeholder("$.permission_quote"),
      placeholder("$.systems[0].label"),
      placeholder("$.snapshot.url"),
      placeholder("$.urlx"),
      { ...placeholder("$.posted"), kind: "problem" as const },
    ];
    const panel = text(workbenchPanel(view([], { notes }), PAGE));
    const fills = [...panel.matchAll(/<p><code>([^<]*)<\/code> <button type="button" data-action="([^"]*)"/g)].map(([, field, action]) => `${field} ${action}`);
    expect(fills).toEqual(["title fill", "authors fill", "permission_quote permission-span"]);
    expect(tagWith(panel, 'data-field="authors"')).toContain('aria-label="Fill authors from the selection"');
    expect(panel).toContain('aria-label="Fill permission_quote from the selection"');
  });

  it("offers no fill controls when check names no attribution placeholder, and nothing in their place", () => {
    const panel = text(workbenchPanel(view([], { notes: [placeholder("$.systems[0].levels[0].ordered"), placeholder("x$.title"), placeholder("$.title.y")] }), PAGE));
    expect(panel).not.toContain('data-scope="fill"');
    expect(panel).toContain('</fieldset>\n\n<fieldset data-scope="assign">');
  });

  it("ends the guide's fieldset with the reuse statement's buttons when no level is undecided", () => {
    expect(text(workbenchPanel(view([]), PAGE))).toContain('<button type="button" data-action="permission-none">The page has none</button></p>\n\n</fieldset>\n</section>');
  });

  it("names Undo and Save with their keyboard shortcuts", () => {
    const panel = text(workbenchPanel(view([]), PAGE));
    expect(tagWith(panel, 'data-action="save"')).toBe('<button type="button" data-action="save" aria-keyshortcuts="Control+S">');
    expect(tagWith(panel, 'aria-keyshortcuts="Control+Z"')).toBe('<button type="button" data-action="undo" aria-keyshortcuts="Control+Z">');
  });
});

describe("a level's controls", () => {
  const blue = system("blue", "Blue", [level("t1", "Tier 1", { ordered: true }), level("t2", "Tier 2", { ordered: false }), level("pics", "Pictures", { imagesOnly: true }), level("t3", "Tier 3")]);

  it("disables moving the first level up and the last down, and no other move", () => {
    const first = text(levelTools(blue, blue.levels[0]!, 0));
    expect(tagWith(first, 'aria-label="Move level Tier 1 (Blue) up"')).toContain(" disabled");
    expect(tagWith(first, 'aria-label="Move level Tier 1 (Blue) down"')).toBe('<button type="button" data-action="move-level" data-direction="down" data-system="blue" data-level="t1" aria-label="Move level Tier 1 (Blue) down">');
    const last = text(levelTools(blue, blue.levels[3]!, 3));
    expect(tagWith(last, 'aria-label="Move level Tier 3 (Blue) up"')).toBe('<button type="button" data-action="move-level" data-direction="up" data-system="blue" data-level="t3" aria-label="Move level Tier 3 (Blue) up">');
    expect(tagWith(last, 'aria-label="Move level Tier 3 (Blue) down"')).toContain(" disabled");
  });

  it("says whether the level is ordered, not ordered, or undecided", () => {
    const ordered = (index: number) => /<span class="wb-ordered">([^<]*)<\/span>/.exec(text(levelTools(blue, blue.levels[index]!, index)))![1];
    expect([ordered(0), ordered(1), ordered(3)]).toEqual(["ordered", "not ordered", "ordered?"]);
  });

  it("offers to merge into every other graded level of the system", () => {
    const into = selectWith(text(levelTools(blue, blue.levels[1]!, 1)), 'aria-label="Level to merge Tier 2 (Blue) into"');
    expect([...into.matchAll(/<option value="([^"]*)">([^<]*)</g)].map(([, key, label]) => `${key} ${label}`)).toEqual(["t1 Tier 1", "t3 Tier 3"]);
  });

  it("names each control with what it does to the level of its system", () => {
    const tools = text(levelTools(blue, blue.levels[1]!, 1));
    expect(controlsOf(tools)).toEqual([
      "button move-level [blue/t2]: Move level Tier 2 (Blue) up",
      "button move-level [blue/t2]: Move level Tier 2 (Blue) down",
      "details  #wb-level-blue-t2: ",
      "summary : Edit level Tier 2 (Blue)",
      "input label: New label of level Tier 2 (Blue)",
      "button rename-level [blue/t2]: Rename level Tier 2 (Blue)",
      "input key: New key of level Tier 2 (Blue)",
      "button rename-level-key [blue/t2]: Change the key of level Tier 2 (Blue)",
      "button set-ordered [blue/t2]: Level Tier 2 (Blue) is ordered: the span says so",
      "button not-ordered [blue/t2]: Level Tier 2 (Blue) is not ordered",
      "select into: Level to merge Tier 2 (Blue) into",
      "button merge-levels [blue/t2]: Merge level Tier 2 (Blue) into the level chosen",
      "button remove-level [blue/t2]: Remove level Tier 2 (Blue) and its gradings",
    ]);
    expect(visibleText(tools)).toBe("↑ ↓ not ordered Edit Rename Change key Ordered (span says so) Not ordered Tier 1 Tier 3 Merge Remove level");
  });

  it("offers no merge when the system has no other graded level", () => {
    const lone = system("gold", "Gold", [level("g1", "Gold 1"), level("pics", "Pictures", { imagesOnly: true })]);
    const tools = text(levelTools(lone, lone.levels[0]!, 0));
    expect(tools).not.toContain("merge-levels");
    expect(visibleText(tools)).toBe("↑ ↓ ordered? Edit Rename Change key Ordered (span says so) Not ordered Remove level");
    expect(tools).toContain('data-action="remove-level" data-system="gold" data-level="g1" aria-label="Remove level Gold 1 (Gold) and its gradings"');
  });
});

describe("a system's controls", () => {
  const systems = [
    system("blue", "Blue", [level("t1", "Tier 1")], { paintIndexes: [1, 3] }),
    system("gold", "Gold", [level("t1", "Tier 1"), level("pics", "Tier 1", { imagesOnly: true })]),
    system("blue-2", " blue ", [level("t1", "Tier 1"), level("t2", "tier  1")]),
    system("red", "Blue", [level("r1", "Red")], { item: "example-knife-one-paint" }),
  ];
  const page: WorkbenchPage = { base: "a".repeat(64), items: [ITEM, ONE_PAINT] };
  const tools = (index: number, theView = view(systems), thePage = page) => text(systemTools(theView.systems[index]!, theView, thePage));

  it("disables moving the first system up and the last down, and no other move", () => {
    expect(tagWith(tools(0), 'aria-label="Move system Blue up"')).toContain(" disabled");
    expect(tagWith(tools(0), 'aria-label="Move system Blue down"')).toBe('<button type="button" data-action="move-system" data-direction="down" data-system="blue" aria-label="Move system Blue down">');
    expect(tagWith(tools(3), 'aria-label="Move system Blue up"')).toBe('<button type="button" data-action="move-system" data-direction="up" data-system="red" aria-label="Move system Blue up">');
    expect(tagWith(tools(3), 'aria-label="Move system Blue down"')).toContain(" disabled");
  });

  it("names each control with what it does to the system", () => {
    const tools = (theSystems: SystemView[], index: number, items = page.items) => text(systemTools(theSystems[index]!, view(theSystems), { ...page, items }));
    expect(controlsOf(tools(systems, 0))).toEqual([
      "button move-system [blue]: Move system Blue up",
      "button move-system [blue]: Move system Blue down",
      "details  [blue] #wb-system-blue: ",
      "summary : Edit system Blue",
      "input label: New label of system Blue",
      "input id: New id of system Blue",
      "button rename-system [blue]: Rename system Blue",
      "select scale: Scale of system Blue",
      "button set-scale [blue]: Set the scale of system Blue",
      "input item: Item of system Blue",
      "button set-item [blue]: Set the item of system Blue",
      "span : Paints of system Blue",
      "button set-paints [blue]: Set the paints of system Blue to those checked",
      "button all-paints [blue]: System Blue covers every paint",
      "select into: System to merge Blue into",
      "button merge-systems [blue]: Merge system Blue into the system chosen",
      "button merge-systems-by-label [blue]: Merge the 2 systems labelled Blue into the first of them",
      "button merge-item-systems [blue]: Merge every system of example-rifle-example-paint into system Blue",
      "button split-per-paint [blue]: Split system Blue into one system per paint",
      "button remove-system [blue]: Remove system Blue",
    ]);
    expect(controlsOf(tools(systems, 2))).toContain("button merge-levels-by-label [blue-2]: Merge the levels of system  blue  that share a label");
    const lone = [system("red", "Red", [level("r1", "Red")], { item: "example-knife-one-paint" })];
    expect(visibleText(tools(lone, 0))).toBe("↑ ↓ Edit system Rename tier rank group sublevel band Set scale Set item Remove system");
    const twoPaints = { slug: "example-knife-one-paint", paints: [{ index: 7, label: "Red" }, { index: 8, label: "Black" }] };
    expect(visibleText(tools(lone, 0, [twoPaints]))).toBe("↑ ↓ Edit system Rename tier rank group sublevel band Set scale Set item Red Black Set paints All paints Split per paint (2) Remove system");
    const pair = [system("a", "A", [], { item: "example-knife-one-paint" }), system("b", "B", [], { item: "example-knife-one-paint" })];
    expect(visibleText(tools(pair, 0))).toBe("↑ ↓ Edit system Rename tier rank group sublevel band Set scale Set item B Merge Merge all 2 systems of the item into this one Remove system");
  });

  it("selects the system's scale", () => {
    const scale = selectWith(tools(0, view([system("blue", "Blue", [], { kind: "rank" })])), 'aria-label="Scale of system Blue"');
    expect(scale).toContain("<option>tier</option><option selected>rank</option><option>group</option>");
  });

  it("checks the paints the system covers, all of them when it names none, each by its label or else its index", () => {
    const boxes = (markup: string) => [...markup.matchAll(/<input type="checkbox" name="paint" value="(\d+)"( checked)?> ([^<]*)</g)].map(([, index, checked, label]) => `${index}${checked ?? ""} ${label}`);
    expect(boxes(tools(0))).toEqual(["1 checked Blue", "2 2", "3 checked Gold"]);
    expect(boxes(tools(1))).toEqual(["1 checked Blue", "2 checked 2", "3 checked Gold"]);
  });

  it("offers no paint choice for an item of one paint or one the dataset does not have", () => {
    expect(tools(3)).not.toContain("set-paints");
    expect(tools(0, view(systems), { ...page, items: [] })).not.toContain("set-paints");
  });

  it("offers to merge into the other systems of its item only", () => {
    const into = selectWith(tools(1), 'aria-label="System to merge Gold into"');
    expect([...into.matchAll(/<option value="([^"]*)">/g)].map(([, id]) => id)).toEqual(["blue", "blue-2"]);
    expect(tools(3)).not.toContain('data-action="merge-systems"');
  });

  it("offers to merge the systems of its label and item, counting them, only when there are several", () => {
    expect(tools(0)).toContain('aria-label="Merge the 2 systems labelled Blue into the first of them">Merge all labelled so (2)</button>');
    expect(tools(1)).not.toContain("merge-systems-by-label");
    expect(tools(3)).not.toContain("merge-systems-by-label");
  });

  it("offers to merge every system of its item into it only when the item has several", () => {
    expect(tools(1)).toContain('aria-label="Merge every system of example-rifle-example-paint into system Gold">Merge all 3 systems of the item into this one</button>');
    expect(tools(3)).not.toContain("merge-item-systems");
  });

  it("offers to merge its levels of one label only when two graded levels share one", () => {
    expect(tools(2)).toContain('data-action="merge-levels-by-label" data-system="blue-2"');
    expect(tools(1)).not.toContain("merge-levels-by-label");
    expect(tools(0)).not.toContain("merge-levels-by-label");
  });

  it("offers a split per paint counting the paints it names, else its item's, and none for fewer than two", () => {
    expect(tools(0)).toContain("Split per paint (2)</button>");
    expect(tools(1)).toContain("Split per paint (3)</button>");
    expect(tools(3)).not.toContain("split-per-paint");
    expect(tools(0, view([system("blue", "Blue", [], { paintIndexes: [3] })]))).not.toContain("split-per-paint");
    expect(tools(0, view([system("blue", "Blue", [], { item: "example-unknown-item" })]))).not.toContain("split-per-paint");
  });
});

describe("the list of callouts, remarks and item claims", () => {
  const entry = (extra: Partial<OutlineEntry>): OutlineEntry => ({ list: "remarks", index: 0, kind: "remark", label: "", quote: "EXAMPLE CONTENT quote", note: null, system: null, ...extra });

  it("says there are none when the guide has none", () => {
    expect(text(entryList(view([]), true))).toBe('<h2 id="entries-title">Callouts, remarks and item claims (0)</h2>\n<p>None.</p>');
  });

  it("names each entry with its label, system, quote and note, shortening a quote past 80 characters", () => {
    const long = "EXAMPLE CONTENT ".repeat(6);
    const entries = [
      entry({ list: "callouts", kind: "mention", label: "Best", quote: long.slice(0, 80) }),
      entry({ list: "callouts", index: 1, kind: "exclusion", quote: long.slice(0, 81), system: "blue" }),
      entry({ index: 0, note: "Example note" }),
    ];
    const items = text(entryList(view([], { entries }), false)).split("<li>").slice(1);
    expect(text(entryList(view([], { entries }), false))).toContain("Callouts, remarks and item claims (3)");
    expect(items[0]).toBe(`<b>mention callout “Best”</b>: <q>${long.slice(0, 80)}</q></li>`);
    expect(items[1]).toBe(`<b>exclusion callout</b> of <code>blue</code>: <q>${long.slice(0, 80)}…</q></li>`);
    expect(items[2]).toBe("<b>remark</b>: <q>EXAMPLE CONTENT quote</q> (Example note)</li></ul>");
  });

  it("gives each entry a remove button only on the workbench", () => {
    const entries = [entry({ list: "item_claims", index: 2, kind: "item claim" })];
    expect(text(entryList(view([], { entries }), true))).toContain('<button type="button" data-action="remove-entry" data-list="item_claims" data-index="2" aria-label="Remove item claim">Remove</button>');
    expect(text(entryList(view([], { entries }), false))).not.toContain("remove-entry");
  });
});
