// dataset-comment.yml's step against a stand-in for GitHub's REST API on the loopback: one comment per
// pull request, edited on each push, and nothing posted for a pull request the run did not build.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMENT_MARKER } from "../../../tools/ci/pr-comment.ts";
import { ACTIONS_LOGIN, postComment } from "../../../tools/ci/post-comment.ts";

interface Comment {
  id: number;
  body: string;
  user: { login: string };
}

/** What the stand-in holds: pull request 7 at HEAD, and its comments. */
const state = { head: "c0ffee", comments: [] as Comment[], requests: [] as string[], nextId: 100 };
let server: Server;
let api: string;
const root = mkdtempSync(path.join(tmpdir(), "psg-post-comment-"));

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const url = new URL(request.url!, "http://stand-in");
      state.requests.push(`${request.method} ${url.pathname}`);
      const send = (status: number, value: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (request.headers.authorization !== "Bearer secret-token") return send(401, { message: "Bad credentials" });
      if (request.method === "GET" && url.pathname === "/repos/owner/api/pulls/7") return send(200, { number: 7, head: { sha: state.head } });
      if (request.method === "GET" && url.pathname === "/repos/owner/api/issues/7/comments") {
        const page = Number(url.searchParams.get("page"));
        const perPage = Number(url.searchParams.get("per_page"));
        return send(200, state.comments.slice((page - 1) * perPage, page * perPage));
      }
      if (request.method === "POST" && url.pathname === "/repos/owner/api/issues/7/comments") {
        const comment = { id: state.nextId++, body: (JSON.parse(text) as { body: string }).body, user: { login: ACTIONS_LOGIN } };
        state.comments.push(comment);
        return send(201, comment);
      }
      const edit = /^\/repos\/owner\/api\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (request.method === "PATCH" && edit) {
        const comment = state.comments.find((c) => c.id === Number(edit[1]))!;
        comment.body = (JSON.parse(text) as { body: string }).body;
        return send(200, comment);
      }
      send(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  state.head = "c0ffee";
  state.comments = [];
  state.requests = [];
});

let artifacts = 0;
function artifact(files: { body: string; changed?: boolean; pullRequest?: string }): string {
  const dir = path.join(root, `artifact-${artifacts++}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "comment.md"), files.body);
  writeFileSync(path.join(dir, "changed"), `${files.changed ?? true}\n`);
  writeFileSync(path.join(dir, "pull-request"), `${files.pullRequest ?? "7"}\n`);
  return dir;
}

const post = (dir: string, headSha = "c0ffee") => postComment({ dir, api, token: "secret-token", repository: "owner/api", headSha }, { stdout: () => {} });
const body = (text: string) => `${COMMENT_MARKER}\n${text}\n`;

describe("posting the dataset changes comment", () => {
  it("comments once, then edits that comment on the next push instead of adding another", async () => {
    expect(await post(artifact({ body: body("first push") }))).toBe("created");
    expect(await post(artifact({ body: body("second push") }))).toBe("updated");
    expect(state.comments).toEqual([{ id: 100, body: body("second push"), user: { login: ACTIONS_LOGIN } }]);
  });

  it("finds its comment among others, past the first page, and leaves a person's comment quoting the marker alone", async () => {
    for (let i = 0; i < 150; i++) state.comments.push({ id: i + 1, body: i === 3 ? body("a person pasted it") : `review ${i}`, user: { login: "reviewer" } });
    state.comments.push({ id: 500, body: body("earlier run"), user: { login: ACTIONS_LOGIN } });
    expect(await post(artifact({ body: body("this run") }))).toBe("updated");
    expect(state.comments.find((c) => c.id === 500)!.body).toBe(body("this run"));
    expect(state.comments.find((c) => c.id === 4)!.body).toBe(body("a person pasted it"));
    expect(state.requests.filter((r) => r.startsWith("GET /repos/owner/api/issues/7/comments"))).toHaveLength(2);
  });

  it("posts nothing new for a pull request that changes no data, but brings an earlier comment up to date", async () => {
    expect(await post(artifact({ body: body("nothing changes"), changed: false }))).toBe("nothing to say");
    expect(state.comments).toEqual([]);
    state.comments.push({ id: 9, body: body("old changes"), user: { login: ACTIONS_LOGIN } });
    expect(await post(artifact({ body: body("nothing changes now"), changed: false }))).toBe("updated");
    expect(state.comments[0]!.body).toBe(body("nothing changes now"));
  });

  it("leaves a pull request alone when its head is no longer the commit the run built", async () => {
    state.head = "newer";
    expect(await post(artifact({ body: body("stale run") }), "c0ffee")).toBe("superseded");
    expect(state.requests).toEqual(["GET /repos/owner/api/pulls/7"]);
  });

  it("refuses an artifact that names no pull request, or whose text is not this job's comment, before asking GitHub anything", async () => {
    await expect(post(artifact({ body: body("x"), pullRequest: "7/../../other" }))).rejects.toThrow("the artifact names no pull request");
    await expect(post(artifact({ body: "@everyone look here" }))).rejects.toThrow("is not a dataset changes comment");
    expect(state.requests).toEqual([]);
  });

  it("names GitHub's answer when a request is refused", async () => {
    await expect(postComment({ dir: artifact({ body: body("x") }), api, token: "wrong", repository: "owner/api", headSha: "c0ffee" }, { stdout: () => {} })).rejects.toThrow(
      "GET /repos/owner/api/pulls/7: 401",
    );
  });
});
