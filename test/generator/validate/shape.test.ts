import { describe, expect, it } from "vitest";
import { guideSchema } from "../../../contract/schema/guide.ts";
import { itemFileSchema } from "../../../contract/schema/item.ts";
import { guideShape, itemShape } from "../../../generator/validate/shape.ts";
import { sampleGuide, sampleItems } from "../../fixtures/validate/sample-dataset.ts";

type Json = Record<string, any>;
const guide = () => sampleGuide() as Json;
const findings = (result: ReturnType<typeof guideShape> | ReturnType<typeof itemShape>) => (result.ok ? [] : result.findings);

describe("guideShape", () => {
  it("accepts the sample guide as it is", () => {
    expect(guideShape(sampleGuide())).toEqual({ ok: true, value: sampleGuide() });
  });

  it("reports a wrong value at its JSON path with what was expected", () => {
    const broken = guide();
    broken.systems[0].gradings[3].seed = 1001;
    broken.systems[0].gradings[1].evidence = "txt";
    broken.platform_id = "12a";
    broken.snapshot.retrieved_at = "2024-03-02T09:00:00";
    broken.systems[1].levels[0].ordered = "no";
    expect(findings(guideShape(broken))).toEqual([
      { path: "$.platform_id", message: 'is "12a"', expected: "a string of digits" },
      { path: "$.snapshot.retrieved_at", message: 'is "2024-03-02T09:00:00"', expected: "an ISO 8601 date-time with offset, e.g. 2024-03-01T18:20:00Z" },
      { path: "$.systems[0].gradings[1].evidence", message: 'is "txt"', expected: 'one of "text", "caption", "image"' },
      { path: "$.systems[0].gradings[3].seed", message: "is 1001", expected: "an integer from 0 to 1000" },
      { path: "$.systems[1].levels[0].ordered", message: 'is "no"', expected: "true or false" },
    ]);
  });

  it("reports a missing field with the shape it should have", () => {
    const broken = guide();
    delete broken.systems[0].levels;
    delete broken.systems[0].gradings[0].position;
    expect(findings(guideShape(broken))).toEqual([
      {
        path: "$.systems[0].levels",
        message: "is missing",
        expected: "a non-empty array (each entry an object {key, label, images, ordered, ordered_quote, definition?, gradings?})",
      },
      { path: "$.systems[0].gradings[0].position", message: "is missing", expected: "an integer ≥ 0" },
    ]);
  });

  it("reports an unknown field with the allowed ones, and a misspelt required field once", () => {
    const broken = guide();
    broken.systems[0].gradings[0].comment = "x";
    broken.systems[1].gradngs = broken.systems[1].gradings;
    delete broken.systems[1].gradings;
    expect(findings(guideShape(broken))).toEqual([
      {
        path: "$.systems[0].gradings[0].comment",
        message: "unknown field",
        expected: "only the fields seed, level, quote, evidence, position, rank, rank_scope, value, note, equivalent_to",
      },
      {
        path: "$.systems[1].gradngs",
        message: 'unknown field; did you mean "gradings"?',
        expected: "only the fields id, label, item, paint_indexes, alias, topic, definition, scale, remarks, levels, gradings",
      },
    ]);
  });

  it("reports a nullable field once: by type when no branch fits, by the fitting branch's rule otherwise", () => {
    const broken = guide();
    broken.systems[0].paint_indexes = "419";
    broken.incomplete = "yes";
    broken.complete = { quote: "" };
    broken.callouts[0].system = "Blue";
    expect(findings(guideShape(broken))).toEqual([
      { path: "$.incomplete", message: 'is "yes"', expected: "an object {quote} or null" },
      { path: "$.complete.quote", message: 'is ""', expected: "a non-empty string" },
      { path: "$.callouts[0].system", message: 'is "Blue"', expected: "lowercase letters, digits, '_' or '-', starting with a letter or digit, at most 100 characters" },
      { path: "$.systems[0].paint_indexes", message: 'is "419"', expected: "a non-empty array (each entry an integer ≥ 1) or null" },
    ]);
  });

  it("accepts a guide page on https or http and reports any other address as not a web page", () => {
    for (const url of ["https://steamcommunity.com/sharedfiles/filedetails/?id=1", "http://example.com/guide"]) {
      const candidate = guide();
      candidate.url = url;
      expect(guideShape(candidate).ok, url).toBe(true);
    }
    for (const url of ["javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "file:///etc/passwd", "data:text/html,<p>x</p>", "ftp://example.com/guide", "https://", "https:example.com"]) {
      const candidate = guide();
      candidate.url = url;
      expect(findings(guideShape(candidate)), url).toEqual([
        { path: "$.url", message: `is ${JSON.stringify(url)}`, expected: "an https or http URL, e.g. https://example.com/guide" },
      ]);
    }
  });

  it("reports a document that is not an object at all", () => {
    expect(findings(guideShape([1, 2]))).toEqual([{ path: "$", message: "is an array of 2", expected: expect.stringMatching(/^an object \{schema, platform_id, /) }]);
  });
});

describe("itemShape", () => {
  it("accepts the sample items", () => {
    expect(sampleItems().map((item) => itemShape(item).ok)).toEqual([true, true]);
  });

  it("reports each wrong field of an item file", () => {
    const broken: Json = { ...sampleItems()[1]!, def_index: -1, star: "yes", paints: [] };
    expect(findings(itemShape(broken))).toEqual([
      { path: "$.def_index", message: "is -1", expected: "an integer ≥ 0" },
      { path: "$.star", message: 'is "yes"', expected: "true or false" },
      { path: "$.paints", message: "is an empty array", expected: "a non-empty array (each entry an object {paint_index, paint_label})" },
    ]);
  });

  it("reports an unknown key of 50 million characters briefly, without comparing it to every field", () => {
    // Once, the did-you-mean table of this key against each field name took 3.2 GB.
    const key = "x".repeat(50_000_000);
    const [unknown] = findings(itemShape({ ...sampleItems()[0]!, [key]: 1 }));
    expect(unknown).toEqual({
      path: `$[${JSON.stringify(`${"x".repeat(60)}…`)} (50000000 characters)]`,
      message: "unknown field",
      expected: "only the fields slug, weapon, finish, def_index, market_name, star, paints",
    });
  });
});

describe("the generated JSON Schema", () => {
  it("accepts and rejects what the zod schemas accept and reject", () => {
    const variants: [string, (g: Json) => void][] = [
      ["as is", () => {}],
      ["seed 1000", (g) => (g.systems[0].gradings[0].seed = 1000)],
      ["seed 2.5", (g) => (g.systems[0].gradings[0].seed = 2.5)],
      ["url without scheme", (g) => (g.url = "example.com/x")],
      ["javascript: url", (g) => (g.url = "javascript:alert(1)")],
      ["file: url", (g) => (g.url = "file:///etc/passwd")],
      ["http url", (g) => (g.url = "http://example.com/x")],
      ["date without seconds", (g) => (g.updated = "2024-03-01T18:20")],
      ["offset date", (g) => (g.posted = "2024-03-01T18:20:00Z")],
      ["retrieved_at with +02:00", (g) => (g.snapshot.retrieved_at = "2024-03-02T09:00:00+02:00")],
      ["February 30", (g) => (g.snapshot.retrieved_at = "2024-02-30T09:00:00Z")],
      ["remark without system", (g) => delete g.remarks[0].system],
      ["callout without system", (g) => delete g.callouts[0].system],
      ["empty equivalent_to", (g) => (g.systems[0].gradings[0].equivalent_to = [])],
      ["rank 0", (g) => (g.systems[0].gradings[0].rank = 0)],
      ["scale best as words", (g) => (g.systems[0].scale.best = "the most pink")],
      ["level gradings []", (g) => (g.systems[0].levels[0].gradings = [])],
      ["where without colon", (g) => (g.discrepancies[0].where = ["pink"])],
      ["unassigned_review date-time", (g) => (g.unassigned_review = { count: 1, reviewed_at: "2024-03-01T00:00:00Z", reviewed_by: "x" })],
      ["unassigned_review", (g) => (g.unassigned_review = { count: 1, reviewed_at: "2024-03-01", reviewed_by: "x" })],
    ];
    for (const [name, mutate] of variants) {
      const candidate = guide();
      mutate(candidate);
      expect(guideShape(candidate).ok, name).toBe(guideSchema.safeParse(candidate).success);
    }
    const item: Json = { ...sampleItems()[0]!, paints: [{ paint_index: 0, paint_label: "" }] };
    expect(itemShape(item).ok).toBe(itemFileSchema.safeParse(item).success);
  });
});
