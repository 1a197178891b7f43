// What a guide says besides its listings, added on the workbench (tools/workbench/entries.ts), on literal guides
// (example data): callouts, remarks and item claims quoting the page, and the service's notes and the author's
// reuse statement.

import { describe, expect, it } from "vitest";
import { applied, contextOf, grading, guideOf, level, refusal, spanIn, system } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 1: 661, 151", "Honourable mentions: 71", "Tiers are ranked inside, best first.", "Only for the Phase 2 knife.", "Reuse it freely, says Example Author X.", "Comments: 777"], "Comments: 777");

const guide = () => guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", "Tier 1: 661, 151"), grading(151, "t1", "Tier 1: 661, 151")])]);

describe("a callout", () => {
  it("quotes the selection without the spaces around it, with its label trimmed, for a system or the whole guide", () => {
    let edited = applied(guide(), { kind: "callout", span: { start: spanIn(CONTEXT, "Honourable").start - 1, end: spanIn(CONTEXT, "71").end + 1 }, callout: "mention", label: "  Honourable mentions ", system: "tiers" }, CONTEXT);
    edited = applied(edited, { kind: "callout", span: spanIn(CONTEXT, "Only for the Phase 2 knife."), callout: "exclusion", label: "", system: null }, CONTEXT);
    expect(edited.callouts).toEqual([
      { kind: "mention", label: "Honourable mentions", quote: "Honourable mentions: 71", system: "tiers" },
      { kind: "exclusion", label: "", quote: "Only for the Phase 2 knife.", system: null },
    ]);
  });

  it("is refused for a system the guide does not have, or a selection in the comment thread", () => {
    expect(refusal(guide(), { kind: "callout", span: spanIn(CONTEXT, "Honourable mentions: 71"), callout: "mention", label: "Mentions", system: "gone" }, CONTEXT)).toBe('the guide has no system "gone"');
    expect(refusal(guide(), { kind: "callout", span: spanIn(CONTEXT, "Comments: 777"), callout: "mention", label: "Mentions", system: null }, CONTEXT)).toBe("the span reaches into the page's comment thread, which is not the guide's text");
  });
});

describe("a remark or an item claim", () => {
  it("goes into its own list, with its note trimmed, or no note when the note is empty or only spaces", () => {
    let edited = applied(guide(), { kind: "remark", span: spanIn(CONTEXT, "Tiers are ranked inside, best first."), note: "  The author's order. ", system: "tiers" }, CONTEXT);
    edited = applied(edited, { kind: "remark", span: spanIn(CONTEXT, "Tiers are ranked inside"), note: "   ", system: null }, CONTEXT);
    edited = applied(edited, { kind: "item-claim", span: spanIn(CONTEXT, "Only for the Phase 2 knife."), note: null, system: "tiers" }, CONTEXT);
    expect(edited.remarks).toEqual([
      { quote: "Tiers are ranked inside, best first.", note: "The author's order.", system: "tiers" },
      { quote: "Tiers are ranked inside", note: null, system: null },
    ]);
    expect(edited.item_claims).toEqual([{ quote: "Only for the Phase 2 knife.", note: null, system: "tiers" }]);
  });

  it("is refused for a system the guide does not have", () => {
    expect(refusal(guide(), { kind: "item-claim", span: spanIn(CONTEXT, "Only for the Phase 2 knife."), note: null, system: "gone" }, CONTEXT)).toBe('the guide has no system "gone"');
  });
});

describe("removing an entry", () => {
  const entries = () =>
    guideOf(guide().systems, {
      remarks: [
        { quote: "Tier 1: 661, 151", note: null, system: null },
        { quote: "Tiers are ranked inside, best first.", note: null, system: null },
      ],
    });

  it("removes the entry at its place and only that one", () => {
    expect(applied(entries(), { kind: "remove-entry", list: "remarks", index: 0 }, CONTEXT).remarks).toEqual([{ quote: "Tiers are ranked inside, best first.", note: null, system: null }]);
    expect(applied(entries(), { kind: "remove-entry", list: "remarks", index: 1 }, CONTEXT).remarks).toEqual([{ quote: "Tier 1: 661, 151", note: null, system: null }]);
  });

  it("is refused for a place past the list's end", () => {
    expect(refusal(entries(), { kind: "remove-entry", list: "remarks", index: 2 }, CONTEXT)).toBe("$.remarks has no entry 2");
    expect(refusal(entries(), { kind: "remove-entry", list: "item_claims", index: 0 }, CONTEXT)).toBe("$.item_claims has no entry 0");
  });
});

describe("the guide's notes and the author's reuse statement", () => {
  it("are the notes as written without the spaces around them", () => {
    expect(applied(guide(), { kind: "set-notes", text: "\n  Transcribed from the example page. " }, CONTEXT).notes).toBe("Transcribed from the example page.");
  });

  it("quote the selected reuse statement, or say the page has none", () => {
    const stated = applied(guide(), { kind: "set-permission-quote", span: { ...spanIn(CONTEXT, "Reuse it freely, says Example Author X."), end: spanIn(CONTEXT, "Reuse it freely, says Example Author X.").end + 1 } }, CONTEXT);
    expect(stated.permission_quote).toBe("Reuse it freely, says Example Author X.");
    expect(applied(stated, { kind: "set-permission-quote", span: null }, CONTEXT).permission_quote).toBe("");
  });
});
