// The workbench's endpoints (tools/workbench/endpoints.ts) over a dataset folder of the workbench fixtures
// (example data), without a server or a browser: what a page's request must carry to be answered, what a view
// answers, and that a save writes the one guide file, over the bytes it was made on only.

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createReviewHandler } from "../../../tools/review/handler.ts";
import { createReviewReader } from "../../../tools/review/read.ts";
import { createWorkbench, isWorkbenchEndpoint, type Workbench, type WorkbenchRequest } from "../../../tools/workbench/endpoints.ts";
import type { Edit } from "../../../tools/workbench/edit.ts";
import { WORKBENCH_CASES } from "../../fixtures/workbench/cases.ts";
import { contextOf, editsOf, expectedTextOf, spanOf, writeCasesDataset } from "../../support/workbench-cases.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const TOKEN = "example-token-for-the-tests";
const ORIGIN = "http://127.0.0.1:8888";
const PICTURES = WORKBENCH_CASES[0]!;

const folders = temporaryFolders("psg-workbench-endpoints-");
let datasetDir: string;
let workbench: Workbench;
let rebuilds: number;

beforeEach(() => {
  datasetDir = path.join(folders.make(), "dataset");
  writeCasesDataset(datasetDir);
  rebuilds = 0;
  workbench = createWorkbench({
    datasetDir,
    reader: createReviewReader(datasetDir),
    token: TOKEN,
    rebuild: async () => {
      rebuilds++;
      return "rebuilt: serving dataset_version example";
    },
  });
});
afterAll(() => folders.removeAll());

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const guideFile = (platformId: string) => path.join(datasetDir, "guides", `${platformId}.json`);

function request(platformId: string, action: "view" | "save" | "preview", body: unknown, overrides: Partial<WorkbenchRequest> & { headers?: Record<string, string | undefined> } = {}): WorkbenchRequest {
  return {
    method: "POST",
    path: `/review/${platformId}/${action}`,
    loopback: true,
    body: new TextEncoder().encode(typeof body === "string" ? body : JSON.stringify(body)),
    ...overrides,
    headers: { host: "127.0.0.1:8888", origin: ORIGIN, "content-type": "application/json", "x-workbench-token": TOKEN, "sec-fetch-site": "same-origin", ...overrides.headers },
  };
}

/** The page must be read before its edits are sent: the base is the sha256 of the file as read. */
async function base(platformId: string): Promise<string> {
  expect(await workbench.page(platformId)).not.toBeNull();
  return sha256(readFileSync(guideFile(platformId)));
}

/** Every file of the dataset folder with its bytes' sha256 (and what a link points at). */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const location = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(location);
      else files.set(path.relative(datasetDir, location), entry.isSymbolicLink() ? "link" : sha256(readFileSync(location)));
    }
  };
  walk(datasetDir);
  return files;
}

const body = (answer: { body: string }) => JSON.parse(answer.body) as { ok: boolean; message?: string; body?: string; base?: string };

describe("the workbench's page", () => {
  it("carries the token and loads the workbench's one script, under a policy allowing no other script", async () => {
    const review = createReviewHandler(createReviewReader(datasetDir), workbench);
    const page = await review("GET", `/review/${PICTURES.platformId}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toBe("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(page.body).toContain(`<meta name="workbench-token" content="${TOKEN}">`);
    expect(page.body.match(/<script\b[^>]*>/g)).toEqual(['<script src="/review/workbench.js" defer>']);
    expect(page.body).toContain(`data-base="${sha256(readFileSync(guideFile(PICTURES.platformId)))}"`);
    const script = await review("GET", "/review/workbench.js");
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.body).toContain("x-workbench-token");
    // One script, its modules bundled in, its text as written (not escaped to ASCII).
    expect(script.body).toMatch(/^"use strict";\n\(\(\) => \{/);
    expect(script.body).not.toMatch(/^\s*import\b|\brequire\(/m);
    expect(script.body).toContain("function wireReadings(");
    expect(script.body).toContain("Selected: “");
  });
});

describe("the workbench's endpoints", () => {
  const notes: Edit[] = [{ kind: "set-notes", text: "Example notes." }];

  it.each([
    ["without the page's token", { headers: { "x-workbench-token": undefined } }, 403, /token is missing or wrong/],
    ["with another token", { headers: { "x-workbench-token": "example-token-for-the-testz" } }, 403, /token is missing or wrong/],
    ["from another origin", { headers: { origin: "http://rebound.example" } }, 403, /own page only \(Origin\)/],
    ["without an origin", { headers: { origin: undefined } }, 403, /own page only \(Origin\)/],
    ["from another site", { headers: { "sec-fetch-site": "cross-site" } }, 403, /own page only \(Sec-Fetch-Site\)/],
    ["not as JSON", { headers: { "content-type": "text/plain" } }, 415, /JSON only/],
    ["over a connection that is not loopback", { loopback: false }, 403, /bound to 127\.0\.0\.1/],
    ["as a GET", { method: "GET" }, 405, /POST only/],
  ] as const)("refuse a save %s, and write nothing", async (_name, overrides, status, message) => {
    const before = snapshot();
    const answer = await workbench.handle(request(PICTURES.platformId, "save", { base: await base(PICTURES.platformId), edits: notes }, overrides));
    expect(answer.status).toBe(status);
    expect(body(answer)).toEqual({ ok: false, message: expect.stringMatching(message) });
    expect(snapshot()).toEqual(before);
    expect(rebuilds).toBe(0);
  });

  it("refuse a body that is not a list of edits", async () => {
    expect(body(await workbench.handle(request(PICTURES.platformId, "view", "{")))).toEqual({ ok: false, message: "the request body is not JSON" });
    const answer = await workbench.handle(request(PICTURES.platformId, "view", { base: await base(PICTURES.platformId), edits: [{ kind: "rename-level", system: "x" }] }));
    expect(answer.status).toBe(400);
    expect(body(answer)).toEqual({ ok: false, message: "not a list of edits: Invalid input: expected string, received undefined at edits.0.level" });
  });

  it("answer a view of the guide with the edits applied, or say which edit cannot be", async () => {
    const sha = await base(PICTURES.platformId);
    const view = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }));
    expect(view.status).toBe(200);
    expect(body(view)).toMatchObject({ ok: true, body: expect.stringContaining("Example notes.") });
    const refused = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: [...notes, { kind: "remove-system", system: "nope" }] }));
    expect(refused.status).toBe(422);
    expect(body(refused)).toEqual({ ok: false, message: 'edit 2 (remove-system) cannot be applied: the guide has no system "nope"' });
  });

  it("answer a view with what its last edit changed besides what it was about, and nothing for an edit that changed nothing else", async () => {
    const sha = await base(PICTURES.platformId);
    const [listing] = editsOf(PICTURES, contextOf(PICTURES));
    const view = body(await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: [listing!] }))) as { also?: string | null };
    expect(view.also).toBe("also removed systems Playside, Backside");
    const notesOnly = body(await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: [listing!, ...notes] }))) as { also?: string | null };
    expect(notesOnly.also).toBeNull();
  });

  it("answer a preview of an edit of many places, on the guide with the edits so far, and change nothing", async () => {
    const seeds = WORKBENCH_CASES.find((candidate) => candidate.platformId === "900000104")!;
    const context = contextOf(seeds);
    const sha = await base(seeds.platformId);
    const before = snapshot();
    const table = { of: "table", span: spanOf({ from: "97", to: "Not ranked" }, context), columns: null };
    const refused = await workbench.handle(request(seeds.platformId, "preview", { base: sha, edits: [], preview: table }, { headers: { "x-workbench-token": undefined } }));
    expect(refused.status).toBe(403);
    const answer = await workbench.handle(request(seeds.platformId, "preview", { base: sha, edits: [], preview: table }));
    expect(answer.status).toBe(200);
    expect(body(answer).ok).toBe(true);
    const { preview } = JSON.parse(answer.body) as { preview: { levels: { label: string; seeds: number[] }[]; skipped: { level: string; seeds: string }[]; takenOver: { gradings: number; levelsLeftEmpty: string[] } } };
    expect(preview).toMatchObject({ of: "table", columns: ["Seed", "Tier"], chosen: { level: 1, seeds: 0 }, rows: 24 });
    expect(preview.levels.map((level) => [level.label, level.seeds.length])).toEqual([["Tier 1", 6], ["Tier 2", 9], ["Tier 3", 9]]);
    expect(preview.skipped.map((row) => [row.level, row.seeds])).toEqual([["Not ranked", "97"], ["", "445"]]);
    expect(preview.takenOver.gradings).toBe(25);
    // After the table is read, what it would take over are its own 24 gradings, in one system.
    const [read] = editsOf(seeds, context);
    const again = JSON.parse((await workbench.handle(request(seeds.platformId, "preview", { base: sha, edits: [read], preview: table }))).body) as { preview: typeof preview };
    expect(again.preview.takenOver).toEqual({ gradings: 24, levelsLeftEmpty: ["Tiers › Tier 3", "Tiers › Tier 1", "Tiers › Tier 2"] });
    const listing = await workbench.handle(request(seeds.platformId, "preview", { base: sha, edits: [read], preview: { of: "listing", example: spanOf({ from: "Tier 2 ~ 703" }, context) } }));
    expect((JSON.parse(listing.body) as { preview: { places: { text: string }[] } }).preview.places.map((place) => place.text)).toEqual(["Tier 1 ~ 612 / 634 / 688", "Tier 2 ~ 703 / 745", "Tier 3 ~ 802 / 811 / 856"]);
    expect(snapshot()).toEqual(before);
    expect(rebuilds).toBe(0);
  });

  it("save only the guide's own file, formatted as guide:draft formats it, and have the dataset rebuilt", async () => {
    const before = snapshot();
    const edits = editsOf(PICTURES, contextOf(PICTURES));
    const answer = await workbench.handle(request(PICTURES.platformId, "save", { base: await base(PICTURES.platformId), edits }));
    expect(answer.status).toBe(200);
    const saved = readFileSync(guideFile(PICTURES.platformId), "utf8");
    expect(saved).toBe(expectedTextOf(PICTURES));
    expect(body(answer)).toMatchObject({ ok: true, base: sha256(saved), message: `Saved guides/${PICTURES.platformId}.json: check finds no problem; rebuilt: serving dataset_version example` });
    const after = snapshot();
    expect([...after.keys()]).toEqual([...before.keys()]);
    expect([...after].filter(([file, hash]) => before.get(file) !== hash).map(([file]) => file)).toEqual([`guides/${PICTURES.platformId}.json`]);
    expect(rebuilds).toBe(1);
    // The next edits are made on the saved file.
    expect((await workbench.handle(request(PICTURES.platformId, "save", { base: sha256(saved), edits: notes }))).status).toBe(200);
  });

  it("refuse a save over a file changed on disk since the page read it, and leave that file as it is", async () => {
    const sha = await base(PICTURES.platformId);
    const changed = `${readFileSync(guideFile(PICTURES.platformId), "utf8")}\n`;
    writeFileSync(guideFile(PICTURES.platformId), changed);
    for (const action of ["save", "view"] as const) {
      const answer = await workbench.handle(request(PICTURES.platformId, action, { base: sha, edits: notes }));
      expect(answer.status).toBe(409);
      expect(body(answer).message).toBe(`guides/${PICTURES.platformId}.json changed on disk since this page read it: reload the page (unsaved edits are lost)`);
    }
    expect(readFileSync(guideFile(PICTURES.platformId), "utf8")).toBe(changed);
    expect(rebuilds).toBe(0);
  });

  it("never write through a guide file that is a link, nor save edits that cannot be applied", async () => {
    const target = path.join(datasetDir, "snapshots", "900000102", "guide.json");
    renameSync(guideFile("900000102"), target);
    symlinkSync(path.relative(path.dirname(guideFile("900000102")), target), guideFile("900000102"));
    const linked = await workbench.handle(request("900000102", "save", { base: await base("900000102"), edits: notes }));
    expect(linked.status).toBe(409);
    expect(body(linked).message).toBe("guides/900000102.json is a symbolic link: the workbench saves only over the regular file it read");
    const before = snapshot();
    const refused = await workbench.handle(request(PICTURES.platformId, "save", { base: await base(PICTURES.platformId), edits: [{ kind: "remove-system", system: "nope" }] }));
    expect(refused.status).toBe(422);
    expect(body(refused)).toEqual({ ok: false, message: 'edit 1 (remove-system) cannot be applied: the guide has no system "nope"' });
    expect(snapshot()).toEqual(before);
    expect(statSync(target).isFile()).toBe(true);
    expect(rebuilds).toBe(0);
  });
});

describe("the workbench's endpoints, at their edges", () => {
  const notes: Edit[] = [{ kind: "set-notes", text: "Example notes." }];

  it("are the view, save and preview of a guide named by its platform_id, and nothing else", () => {
    for (const endpoint of ["/review/900000101/view", "/review/900000101/save", "/review/1/preview"]) expect(isWorkbenchEndpoint(endpoint)).toBe(true);
    for (const other of ["/review/900000101", "/review/abc/save", "/review/900000101/save/again", "/x/review/900000101/save", "/review/900000101/delete"]) expect(isWorkbenchEndpoint(other)).toBe(false);
  });

  it("answer a path that is no endpoint with 404, and a GET with 405 naming POST, both as JSON never cached", async () => {
    const missing = await workbench.handle(request(PICTURES.platformId, "view", {}, { path: `/review/${PICTURES.platformId}/delete` }));
    expect(missing.status).toBe(404);
    expect(body(missing)).toEqual({ ok: false, message: "no such workbench endpoint" });
    expect(missing.headers).toEqual({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
    const get = await workbench.handle(request(PICTURES.platformId, "view", {}, { method: "GET" }));
    expect(get.headers).toEqual({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", allow: "POST" });
  });

  it("take a header sent twice by its first value, JSON with parameters, and a request without Sec-Fetch-Site", async () => {
    const sha = await base(PICTURES.platformId);
    const twice = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }, { headers: { origin: [ORIGIN, "http://rebound.example"] as unknown as string, "x-workbench-token": [TOKEN, "other"] as unknown as string } }));
    expect(twice.status).toBe(200);
    const charset = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }, { headers: { "content-type": "Application/JSON ; charset=utf-8", "sec-fetch-site": undefined } }));
    expect(charset.status).toBe(200);
  });

  it.each([
    ["without a Host", { headers: { host: undefined, origin: "http://undefined" } }, 403, /own page only \(Origin\)/],
    ["with a token that only starts as the page's", { headers: { "x-workbench-token": `${TOKEN}-and-more` } }, 403, /token is missing or wrong/],
    ["as JSON's look-alike type", { headers: { "content-type": "application/json-seq" } }, 415, /JSON only/],
    ["as a type that only ends in JSON's", { headers: { "content-type": "text/x-application/json" } }, 415, /JSON only/],
    ["without a type", { headers: { "content-type": undefined } }, 415, /JSON only/],
  ] as const)("refuse a view %s", async (_name, overrides, status, message) => {
    const answer = await workbench.handle(request(PICTURES.platformId, "view", { base: await base(PICTURES.platformId), edits: notes }, overrides));
    expect(answer.status).toBe(status);
    expect(body(answer)).toEqual({ ok: false, message: expect.stringMatching(message) });
  });

  it("say a guide file is gone, or changed, when a view is asked on bytes never served", async () => {
    const gone = await workbench.handle(request("900000999", "view", { base: "0".repeat(64), edits: notes }));
    expect(gone.status).toBe(404);
    expect(body(gone).message).toBe("the dataset has no guide file guides/900000999.json");
    const changed = await workbench.handle(request(PICTURES.platformId, "view", { base: "0".repeat(64), edits: notes }));
    expect(changed.status).toBe(409);
    expect(body(changed).message).toMatch(/changed on disk since this page read it/);
    const preview = await workbench.handle(request("900000999", "preview", { base: "0".repeat(64), edits: [], preview: { of: "listing", example: { start: 0, end: 1 } } }));
    expect(preview.status).toBe(404);
    expect(await workbench.page("900000999")).toBeNull();
  });

  it("refuse a preview on bytes other than those the page was served", async () => {
    await base(PICTURES.platformId);
    const answer = await workbench.handle(request(PICTURES.platformId, "preview", { base: "0".repeat(64), edits: [], preview: { of: "listing", example: { start: 0, end: 1 } } }));
    expect(answer.status).toBe(409);
    expect(body(answer)).toEqual({ ok: false, message: `guides/${PICTURES.platformId}.json changed on disk since this page read it: reload the page (unsaved edits are lost)` });
  });

  it("keep answering views on the version the page read while the file cannot be read, and refuse to save over it", async () => {
    const sha = await base(PICTURES.platformId);
    renameSync(guideFile(PICTURES.platformId), path.join(datasetDir, "elsewhere.json"));
    const view = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }));
    expect(view.status).toBe(200);
    expect(body(view).body).toContain("Example notes.");
    const save = await workbench.handle(request(PICTURES.platformId, "save", { base: sha, edits: notes }));
    expect(body(save)).toEqual({ ok: false, message: `guides/${PICTURES.platformId}.json cannot be read (ENOENT): the workbench saves only over the regular file it read` });
  });

  it("show the page of a guide file that is not JSON, with its name", async () => {
    writeFileSync(guideFile(PICTURES.platformId), "{ EXAMPLE CONTENT that is not JSON");
    const page = await workbench.page(PICTURES.platformId);
    expect(page).toContain(`guides/${PICTURES.platformId}.json`);
  });

  it("show the page with the guide's systems", async () => {
    const draft = JSON.parse(readFileSync(guideFile(PICTURES.platformId), "utf8")) as { systems: { label: string }[] };
    const page = (await workbench.page(PICTURES.platformId))!;
    for (const system of draft.systems) expect(page).toContain(system.label);
  });

  it("answer a view of a guide file read again when the page's version was not kept", async () => {
    const sha = sha256(readFileSync(guideFile(PICTURES.platformId)));
    const view = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }));
    expect(view.status).toBe(200);
    expect(body(view).body).toContain("Example notes.");
  });

  it("refuse a preview request of the wrong shape, or whose edits cannot be applied", async () => {
    const sha = await base(PICTURES.platformId);
    const shapeless = await workbench.handle(request(PICTURES.platformId, "preview", { base: sha, edits: [] }));
    expect(shapeless.status).toBe(400);
    expect(body(shapeless)).toEqual({ ok: false, message: "not a preview request: Invalid input: expected object, received undefined at preview" });
    const refused = await workbench.handle(request(PICTURES.platformId, "preview", { base: sha, edits: [{ kind: "remove-system", system: "nope" }], preview: { of: "listing", example: { start: 0, end: 1 } } }));
    expect(refused.status).toBe(422);
    expect(body(refused)).toEqual({ ok: false, message: 'edit 1 (remove-system) cannot be applied: the guide has no system "nope"' });
  });

  it("refuse a preview on a guide whose capture cannot be read", async () => {
    const file = guideFile(PICTURES.platformId);
    const draft = JSON.parse(readFileSync(file, "utf8")) as { snapshot: { path: string } };
    writeFileSync(file, `${JSON.stringify({ ...draft, snapshot: { ...draft.snapshot, path: "900000101/missing.html" } }, null, 2)}\n`);
    const answer = await workbench.handle(request(PICTURES.platformId, "preview", { base: await base(PICTURES.platformId), edits: [], preview: { of: "listing", example: { start: 0, end: 1 } } }));
    expect(answer.status).toBe(422);
    expect(body(answer)).toEqual({ ok: false, message: "the guide's capture has no readable text to read" });
  });

  it("refuse a preview on a guide whose capture is neither HTML nor text", async () => {
    const file = guideFile(PICTURES.platformId);
    const draft = JSON.parse(readFileSync(file, "utf8")) as { snapshot: { path: string } };
    writeFileSync(path.join(datasetDir, "snapshots", "900000101", "page.md"), "EXAMPLE CONTENT\nTier 1: 661\n");
    writeFileSync(file, `${JSON.stringify({ ...draft, snapshot: { ...draft.snapshot, path: "900000101/page.md" } }, null, 2)}\n`);
    const answer = await workbench.handle(request(PICTURES.platformId, "preview", { base: await base(PICTURES.platformId), edits: [], preview: { of: "listing", example: { start: 0, end: 1 } } }));
    expect(answer.status).toBe(422);
    expect(body(answer)).toEqual({ ok: false, message: "the guide's capture has no readable text to read" });
  });

  it("name the edit refused by its place among the edits, counting from 1", async () => {
    const answer = await workbench.handle(request(PICTURES.platformId, "view", { base: await base(PICTURES.platformId), edits: [{ kind: "undecided-not-ordered" }, { kind: "undecided-not-ordered" }] }));
    expect(answer.status).toBe(422);
    expect(body(answer).message).toMatch(/^edit 2 \(undecided-not-ordered\) cannot be applied: every level is already marked ordered or not$/);
  });

  it("offer each system the paints of its item by their labels, those it covers checked", async () => {
    const page = (await workbench.page("900000103"))!;
    const paints = /<span role="group" aria-label="Paints of system [^"]*">(.*?)<\/span>/s.exec(page)![1]!;
    expect([...paints.matchAll(/value="(\d+)"( checked)?> ([^<]*)</g)].map(([, index, checked, label]) => `${index}${checked ?? ""} ${label}`)).toEqual([
      "415 Ruby",
      "416 Sapphire",
      "417 Black Pearl",
      "418 checked Phase 1",
      "419 Phase 2",
      "420 checked Phase 3",
      "421 Phase 4",
    ]);
  });

  it("make a random token for its pages when none is given", () => {
    const options = { datasetDir, reader: createReviewReader(datasetDir), rebuild: async () => "rebuilt" };
    const [one, two] = [createWorkbench(options).token, createWorkbench(options).token];
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(two).not.toBe(one);
  });

  it("offer the dataset's items on the page sorted by slug", async () => {
    const first = readdirSync(path.join(datasetDir, "items")).sort()[0]!;
    const item = JSON.parse(readFileSync(path.join(datasetDir, "items", first), "utf8")) as { slug: string };
    writeFileSync(path.join(datasetDir, "items", "zz-example-item.json"), JSON.stringify({ ...item, slug: "aa-example-item" }));
    const page = (await workbench.page(PICTURES.platformId))!;
    const slugs = [.../<datalist id="wb-items">(.*?)<\/datalist>/s.exec(page)![1]!.matchAll(/<option value="([^"]+)">/g)].map(([, slug]) => slug!);
    expect(slugs.length).toBeGreaterThan(2);
    expect(slugs).toEqual([...slugs].sort());
    expect(slugs[0]).toBe("aa-example-item");
    expect(slugs).toContain(item.slug);
  });

  it("count the problems check finds in a saved guide, in the save's message", async () => {
    const sha = await base(PICTURES.platformId);
    const answer = await workbench.handle(request(PICTURES.platformId, "save", { base: sha, edits: notes }));
    expect(answer.status).toBe(200);
    expect(body(answer).message).toMatch(new RegExp(`^Saved guides/${PICTURES.platformId}\\.json: check finds \\d+ problems \\(shown where they are\\); rebuilt: serving dataset_version example$`));
    const one = [...editsOf(PICTURES, contextOf(PICTURES)), { kind: "set-notes", text: "DRAFT-TODO: the service's notes" }];
    const again = await workbench.handle(request(PICTURES.platformId, "save", { base: body(answer).base, edits: one }));
    expect(body(again).message).toBe(`Saved guides/${PICTURES.platformId}.json: check finds 1 problem (shown where they are); rebuilt: serving dataset_version example`);
  });

  it("refuse a save where the guide file is missing, a folder, or the guides/ folder is missing or a link out of the dataset", async () => {
    const save = async (platformId: string) => {
      const answer = body(await workbench.handle(request(platformId, "save", { base: "0".repeat(64), edits: notes })));
      expect(answer.ok).toBe(false);
      return answer.message;
    };
    renameSync(guideFile("900000102"), path.join(datasetDir, "elsewhere.json"));
    expect(await save("900000102")).toBe("guides/900000102.json cannot be read (ENOENT): the workbench saves only over the regular file it read");
    mkdirSync(guideFile("900000102"));
    expect(await save("900000102")).toBe("guides/900000102.json is a folder: the workbench saves only over the regular file it read");
    const outside = path.join(folders.make(), "guides");
    renameSync(path.join(datasetDir, "guides"), outside);
    expect(await save(PICTURES.platformId)).toBe("the dataset has no guides/ folder");
    symlinkSync(outside, path.join(datasetDir, "guides"));
    expect(await save(PICTURES.platformId)).toBe("guides/ is a link out of the dataset folder: the workbench writes nothing there");
    expect(rebuilds).toBe(0);
  });

  it("refuse to save edits that make the guide file larger than the size limit for guides/, and write nothing", async () => {
    // A guide file just under the limit, as read: its notes fill it up; a remark more takes it past.
    const document = JSON.parse(readFileSync(guideFile(PICTURES.platformId), "utf8")) as Record<string, unknown>;
    const limit = 16 * 1024 * 1024;
    const room = limit - Buffer.byteLength(`${JSON.stringify({ ...document, notes: "" }, null, 2)}\n`);
    writeFileSync(guideFile(PICTURES.platformId), `${JSON.stringify({ ...document, notes: "x".repeat(room - 10) }, null, 2)}\n`);
    const before = snapshot();
    const remark: Edit = { kind: "remark", span: spanOf({ from: "EXAMPLE" }, contextOf(PICTURES)), note: "an example remark", system: null };
    const answer = await workbench.handle(request(PICTURES.platformId, "save", { base: await base(PICTURES.platformId), edits: [remark] }));
    expect(answer.status).toBe(413);
    expect(body(answer)).toEqual({ ok: false, message: "the draft is larger than the 16 MiB npm run check accepts for a guide file; nothing was written" });
    expect(snapshot()).toEqual(before);
    expect(rebuilds).toBe(0);
  });
});

describe("a save meeting the disk as it changes", () => {
  const notes: Edit[] = [{ kind: "set-notes", text: "Example notes." }];

  /** A workbench whose reader, asked for the guide during a save, reads it after `before` and then does `after` (another program at work on the disk). */
  function workbenchWhere({ before = () => {}, after = () => {} }: { before?: () => void; after?: () => void }): Workbench {
    const reader = createReviewReader(datasetDir);
    const base = async (platformId: string) => {
      before();
      const read = await reader.base(platformId);
      after();
      return read;
    };
    return createWorkbench({ datasetDir, token: TOKEN, rebuild: async () => "rebuilt", reader: { ...reader, base } });
  }

  it("refuse to save when the guide file changed between its two reads, or went", async () => {
    const sha = sha256(readFileSync(guideFile(PICTURES.platformId)));
    const changed = `${readFileSync(guideFile(PICTURES.platformId), "utf8")}\n`;
    const changing = workbenchWhere({ before: () => writeFileSync(guideFile(PICTURES.platformId), changed) });
    expect(body(await changing.handle(request(PICTURES.platformId, "save", { base: sha, edits: notes })))).toEqual({
      ok: false,
      message: `guides/${PICTURES.platformId}.json changed on disk since this page read it: reload the page (unsaved edits are lost)`,
    });
    expect(readFileSync(guideFile(PICTURES.platformId), "utf8")).toBe(changed);
    const going = workbenchWhere({ before: () => renameSync(guideFile(PICTURES.platformId), path.join(datasetDir, "elsewhere.json")) });
    const gone = await going.handle(request(PICTURES.platformId, "save", { base: sha256(changed), edits: notes }));
    expect(gone.status).toBe(404);
    expect(body(gone)).toEqual({ ok: false, message: `the dataset has no guide file guides/${PICTURES.platformId}.json` });
  });

  it("refuse to save over a guide file changed while the save was made, and leave that change", async () => {
    const sha = sha256(readFileSync(guideFile(PICTURES.platformId)));
    const changed = `${readFileSync(guideFile(PICTURES.platformId), "utf8")}\n`;
    const racing = workbenchWhere({ after: () => writeFileSync(guideFile(PICTURES.platformId), changed) });
    const answer = await racing.handle(request(PICTURES.platformId, "save", { base: sha, edits: notes }));
    expect(answer.status).toBe(409);
    expect(body(answer)).toEqual({ ok: false, message: `${PICTURES.platformId}.json changed on disk while saving: reload the page` });
    expect(readFileSync(guideFile(PICTURES.platformId), "utf8")).toBe(changed);
    expect(readdirSync(path.join(datasetDir, "guides")).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("say the guide file could not be written when its folder went while the save was made", async () => {
    const sha = sha256(readFileSync(guideFile(PICTURES.platformId)));
    const racing = workbenchWhere({ after: () => renameSync(path.join(datasetDir, "guides"), path.join(datasetDir, "guides-gone")) });
    const answer = await racing.handle(request(PICTURES.platformId, "save", { base: sha, edits: notes }));
    expect(answer.status).toBe(409);
    expect(body(answer)).toEqual({ ok: false, message: `could not write ${PICTURES.platformId}.json (ENOENT)` });
  });

  it("refuse to save over a guide file past the size limit for guides/", async () => {
    writeFileSync(guideFile(PICTURES.platformId), Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    const answer = await workbench.handle(request(PICTURES.platformId, "save", { base: "0".repeat(64), edits: notes }));
    expect(body(answer)).toEqual({ ok: false, message: `guides/${PICTURES.platformId}.json is over the size limit for guides/: the workbench saves only over the regular file it read` });
  });
});
