import { describe, expect, it } from "vitest";
import { examplesOf } from "../../../generator/openapi/examples.ts";
import { referencePage } from "../../../generator/docs/reference-page.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const examples = examplesOf(tinyDataset, "v-test");
const logo = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const document = { info: { title: "T", version: "1.0.0", description: "About </script><script>alert(1)</script>" } };

describe("reference page", () => {
  it("inlines the bundle with Redoc's CDN logo replaced, so the page names no other origin", () => {
    const page = referencePage(document, examples, `var logo="${logo}";`);
    expect(page).not.toContain("cdn.redoc.ly");
    expect(page).toContain('var logo="data:image/svg+xml');
  });

  it("a document's text cannot close the script element that carries it", () => {
    const page = referencePage(document, examples, `var logo="${logo}";`);
    expect(page.match(/<\/script>/g)).toHaveLength(4);
    expect(page).toContain("About \\u003c/script>\\u003cscript>");
  });

  it("starts with a getting-started built from the dataset's own example item and seed", () => {
    const page = referencePage(document, examples, `var logo="${logo}";`);
    const { def_index, paint_index } = examples.pair;
    expect(page).toContain(`GET /v1/items/${def_index}/${paint_index}/seeds/${examples.seed}`);
  });

  it("refuses a bundle whose logo moved (a Redoc upgrade to check) or that would end its script element", () => {
    expect(() => referencePage(document, examples, "no logo here")).toThrow(/CDN logo 0 times/);
    expect(() => referencePage(document, examples, `"${logo}";"</script>"`)).toThrow(/end tag/);
  });
});
