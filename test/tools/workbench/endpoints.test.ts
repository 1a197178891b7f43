// The workbench's endpoints (tools/workbench/endpoints.ts) over a dataset folder of the workbench fixtures
// (example data), without a server or a browser: what a page's request must carry to be answered, what a view
// answers, and that a save writes the one guide file, over the bytes it was made on only.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createReviewHandler } from "../../../tools/review/handler.ts";
import { createReviewReader } from "../../../tools/review/read.ts";
import { createWorkbench, type Workbench, type WorkbenchRequest } from "../../../tools/workbench/endpoints.ts";
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
    expect(body(answer).message).toMatch(message);
    expect(snapshot()).toEqual(before);
    expect(rebuilds).toBe(0);
  });

  it("refuse a body that is not a list of edits", async () => {
    expect(body(await workbench.handle(request(PICTURES.platformId, "view", "{")))).toEqual({ ok: false, message: "the request body is not JSON" });
    const answer = await workbench.handle(request(PICTURES.platformId, "view", { base: await base(PICTURES.platformId), edits: [{ kind: "rename-level", system: "x" }] }));
    expect(answer.status).toBe(400);
    expect(body(answer).message).toMatch(/^not a list of edits: /);
  });

  it("answer a view of the guide with the edits applied, or say which edit cannot be", async () => {
    const sha = await base(PICTURES.platformId);
    const view = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: notes }));
    expect(view.status).toBe(200);
    expect(body(view).body).toContain("Example notes.");
    const refused = await workbench.handle(request(PICTURES.platformId, "view", { base: sha, edits: [...notes, { kind: "remove-system", system: "nope" }] }));
    expect(refused.status).toBe(422);
    expect(body(refused).message).toBe('edit 2 (remove-system) cannot be applied: the guide has no system "nope"');
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
    expect(snapshot()).toEqual(before);
    expect(statSync(target).isFile()).toBe(true);
    expect(rebuilds).toBe(0);
  });
});
