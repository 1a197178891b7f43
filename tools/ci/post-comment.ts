// `node tools/ci/post-comment.ts DIR`: dataset-comment.yml's step. Posts the comment that
// tools/ci/pr-comment.ts left in DIR (the artifact of a pull request's run) on that pull request, or
// edits the one an earlier run posted (found by COMMENT_MARKER), so that a pull request has one such
// comment whatever the number of pushes. A pull request whose dataset changes nothing gets no new
// comment, but an earlier one is brought up to date.
//
// The artifact was written by the pull request's own code, so it is data to check: the number must be
// a pull request whose head is the commit the run built (HEAD_SHA), and the body must be this job's.
// Reads GITHUB_TOKEN, GITHUB_REPOSITORY, HEAD_SHA and GITHUB_API_URL from the environment.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { COMMENT_MARKER, MAX_COMMENT_CHARS } from "./pr-comment.ts";

/** Who GitHub says wrote a comment made with a workflow's token. */
export const ACTIONS_LOGIN = "github-actions[bot]";

export interface PostOptions {
  /** The downloaded artifact. */
  dir: string;
  api: string;
  token: string;
  repository: string;
  headSha: string;
  fetch?: typeof fetch;
}

export type PostOutcome = "created" | "updated" | "nothing to say" | "superseded";

export async function postComment(options: PostOptions, io: Pick<CliIo, "stdout">): Promise<PostOutcome> {
  const read = (name: string) => readFile(path.join(options.dir, name), "utf8");
  const pullRequest = (await read("pull-request")).trim();
  if (!/^[1-9]\d{0,9}$/.test(pullRequest)) throw new Error(`the artifact names no pull request: ${JSON.stringify(pullRequest.slice(0, 40))}`);
  const body = await read("comment.md");
  if (!body.startsWith(`${COMMENT_MARKER}\n`)) throw new Error("the artifact's comment.md is not a dataset changes comment");
  if (body.length > MAX_COMMENT_CHARS) throw new Error(`the artifact's comment.md is ${body.length} characters, over GitHub's ${MAX_COMMENT_CHARS}`);
  const changed = (await read("changed")).trim() !== "false";

  const github = client(options);
  const repo = `/repos/${options.repository}`;
  const { head } = (await github("GET", `${repo}/pulls/${pullRequest}`)) as { head: { sha: string } };
  if (head.sha !== options.headSha) {
    // A later push has its own run, which comments in turn.
    io.stdout(`pull request #${pullRequest} is now at ${head.sha}, not ${options.headSha} that this run built: left to the run of its head\n`);
    return "superseded";
  }
  const previous = await findPrevious(github, `${repo}/issues/${pullRequest}/comments`);
  if (previous !== null) {
    await github("PATCH", `${repo}/issues/comments/${previous}`, { body });
    io.stdout(`updated comment ${previous} on pull request #${pullRequest}\n`);
    return "updated";
  }
  if (!changed) {
    io.stdout(`pull request #${pullRequest} changes nothing in the dataset: no comment\n`);
    return "nothing to say";
  }
  await github("POST", `${repo}/issues/${pullRequest}/comments`, { body });
  io.stdout(`commented on pull request #${pullRequest}\n`);
  return "created";
}

type GitHub = (method: string, route: string, body?: unknown) => Promise<unknown>;

function client({ api, token, fetch: fetchImpl = fetch }: PostOptions): GitHub {
  return async (method, route, body) => {
    const response = await fetchImpl(`${api.replace(/\/$/, "")}${route}`, {
      method,
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${token}`,
        "x-github-api-version": "2022-11-28",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.json();
  };
}

/** The id of this job's earlier comment on the pull request, or null. */
async function findPrevious(github: GitHub, route: string): Promise<number | null> {
  const perPage = 100;
  for (let page = 1; ; page++) {
    const comments = (await github("GET", `${route}?per_page=${perPage}&page=${page}`)) as { id: number; body?: string; user: { login: string } | null }[];
    const ours = comments.find((comment) => comment.user?.login === ACTIONS_LOGIN && comment.body?.startsWith(COMMENT_MARKER));
    if (ours !== undefined) return ours.id;
    if (comments.length < perPage) return null;
  }
}

export async function runPostComment(args: string[], io: CliIo): Promise<number> {
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository, HEAD_SHA: headSha, GITHUB_API_URL: api } = process.env;
  if (args.length !== 1 || !token || !repository || !headSha || !api) {
    io.stderr("usage: GITHUB_TOKEN=... GITHUB_REPOSITORY=owner/name HEAD_SHA=... GITHUB_API_URL=... node tools/ci/post-comment.ts DIR\n");
    return 2;
  }
  await postComment({ dir: path.resolve(io.cwd, args[0]!), api, token, repository, headSha }, io);
  return 0;
}

if (isMain(import.meta.url)) {
  runAsMain("post-comment", runPostComment);
}
