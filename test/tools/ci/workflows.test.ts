// What actionlint does not hold the workflows to (.github/workflows/): every action pinned to a
// commit, every job given its own least permissions, the dataset comment waiting for the dataset job
// alone, npm's cache in every job that installs, each deploy step run only where its secrets are set,
// and every script a step runs present in the repository. Read as text: each job is a block indented
// by two spaces under `jobs:`, each step a `- ` item indented by six.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FOLDER = path.join(ROOT, ".github/workflows");
const workflows = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".yml"))
  .map((name) => ({ name, text: readFileSync(path.join(FOLDER, name), "utf8") }));

function jobsOf(text: string): Map<string, string> {
  const jobs = new Map<string, string>();
  const body = text.slice(text.indexOf("\njobs:\n") + "\njobs:\n".length);
  for (const block of body.split(/^(?=  [\w-]+:$)/m)) {
    const name = /^ {2}([\w-]+):$/m.exec(block)?.[1];
    if (name !== undefined) jobs.set(name, block);
  }
  return jobs;
}

const stepsOf = (job: string) => job.split(/^(?= {6}- )/m).slice(1);
const workflow = (name: string) => workflows.find((w) => w.name === name)!.text;
const allJobs = workflows.flatMap(({ name, text }) => [...jobsOf(text)].map(([job, block]) => ({ workflow: name, job, block })));
/** The steps that install the lockfile's packages: the install script, or .ci/run, which runs it. */
const installs = (block: string) => /run: bash (?:tools\/ci\/install\.sh|\.ci\/run)$/m.test(block);
const readRepository = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("the workflows", () => {
  it("are CI, the dataset changes of a pull request, and the comment that posts them", () => {
    expect(workflows.map((w) => w.name).sort()).toEqual(["ci.yml", "dataset-changes.yml", "dataset-comment.yml"]);
    expect([...jobsOf(workflow("ci.yml")).keys()]).toEqual(["test", "deploy-netlify", "deploy-cloudflare"]);
  });

  it("post the comment once the dataset job ends: the commenting workflow follows a workflow of that one job, and needs nothing else", () => {
    const followed = /^ {2}workflow_run:\n {4}workflows: \[([^\]]+)\]\n {4}types: \[completed\]$/m.exec(workflow("dataset-comment.yml"))?.[1];
    const source = workflows.find(({ text }) => new RegExp(`^name: ${followed}$`, "m").test(text));
    expect(source?.name).toBe("dataset-changes.yml");
    expect([...jobsOf(source!.text).keys()]).toEqual(["dataset-changes"]);
    expect(source!.text).toMatch(/^on:\n {2}pull_request:\n\n/m);
    const jobs = jobsOf(workflow("dataset-comment.yml"));
    expect([...jobs.keys()]).toEqual(["comment"]);
    expect(jobs.get("comment")).not.toMatch(/^ {4}needs:/m);
  });

  it("grant contents: read to every job that checks the repository out", () => {
    const checkingOut = allJobs.filter(({ block }) => block.includes("uses: actions/checkout@"));
    expect(checkingOut.map(({ workflow, job }) => `${workflow} ${job}`)).toEqual([
      "ci.yml test",
      "ci.yml deploy-netlify",
      "ci.yml deploy-cloudflare",
      "dataset-changes.yml dataset-changes",
      "dataset-comment.yml comment",
    ]);
    for (const { job, block } of checkingOut) expect(block, job).toMatch(/^ {4}permissions:\n(?: {6}[\w-]+: \w+\n)* {6}contents: read$/m);
  });

  it("cache npm in every setup-node, for the lockfile it installs", () => {
    const setups = allJobs.flatMap(({ job, block }) => stepsOf(block).filter((step) => step.includes("uses: actions/setup-node@")).map((step) => ({ job, step })));
    expect(setups.map(({ job }) => job)).toEqual(["deploy-netlify", "deploy-cloudflare", "dataset-changes"]);
    for (const { job, step } of setups) {
      expect(step, job).toMatch(/^ {10}cache: npm$/m);
      const lockfile = /^ {10}cache-dependency-path: (.+)$/m.exec(step)?.[1] ?? "package-lock.json";
      const checkout = /^ {10}node-version-file: (?:(.+)\/)?\.nvmrc$/m.exec(step)!;
      expect(lockfile, job).toBe(checkout[1] === undefined ? "package-lock.json" : `${checkout[1]}/package-lock.json`);
    }
  });

  it("restore npm's download cache in every job that installs, before it installs", () => {
    const installing = allJobs.filter(({ block }) => installs(block));
    expect(installing.map(({ job }) => job)).toEqual(["test", "deploy-netlify", "deploy-cloudflare", "dataset-changes"]);
    for (const { job, block } of installing) {
      const steps = stepsOf(block);
      const cached = steps.findIndex((step) => /^ {10}cache: npm$/m.test(step) || (step.includes("uses: actions/cache@") && /^ {10}path: ~\/\.npm$/m.test(step)));
      expect(cached, job).toBeGreaterThanOrEqual(0);
      expect(cached, job).toBeLessThan(steps.findIndex(installs));
    }
  });

  it("run the deploy tools a version pins: wrangler from the lockfile, Netlify's CLI from a cache keyed on the version the script runs", () => {
    const packageJson = JSON.parse(readRepository("package.json")) as { devDependencies: Record<string, string> };
    expect(packageJson.devDependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/);
    const cloudflare = readRepository("tools/ci/deploy-cloudflare.sh");
    expect(cloudflare).toMatch(/^WRANGLER_SEND_METRICS=false npx --no -- wrangler deploy$/m);
    const netlify = readRepository("tools/ci/deploy-netlify.sh");
    expect(netlify).not.toMatch(/wrangler|npx --yes (?!\$\{NETLIFY_CLI_CACHE:\+--cache "\$NETLIFY_CLI_CACHE"\} netlify-cli@)/);
    const version = /netlify-cli@(\d+\.\d+\.\d+) /.exec(netlify)![1];
    const job = jobsOf(workflow("ci.yml")).get("deploy-netlify")!;
    const cache = stepsOf(job).find((step) => step.includes("uses: actions/cache@"))!;
    expect(cache).toMatch(new RegExp(`^ {10}key: netlify-cli-${version!.replaceAll(".", "\\.")}-\\$\\{\\{ runner\\.os \\}\\}$`, "m"));
    const folder = /^ {10}path: (.+)$/m.exec(cache)![1]!;
    expect(job).toContain(`NETLIFY_CLI_CACHE: ${folder}\n`);
  });

  it.each(workflows)("$name pins every action to a full commit, with the version it is as a comment", ({ text }) => {
    const uses = text.split("\n").filter((line) => /^\s*(- )?uses:/.test(line));
    expect(uses.length).toBeGreaterThan(0);
    for (const line of uses) expect(line).toMatch(/uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
  });

  it.each(workflows)("$name grants nothing by default and each job only what it declares", ({ text }) => {
    expect(text).toMatch(/^permissions: \{\}$/m);
    for (const [name, job] of jobsOf(text)) expect(job, name).toMatch(/^ {4}permissions:$/m);
  });

  it("gives write access to one job only: the one that comments, which runs no code of the pull request", () => {
    const writes = workflows.flatMap(({ name, text }) => [...jobsOf(text)].filter(([, job]) => /: write$/m.test(job)).map(([job]) => `${name} ${job}`));
    expect(writes).toEqual(["dataset-comment.yml comment"]);
    const comment = jobsOf(workflow("dataset-comment.yml")).get("comment")!;
    expect(comment).not.toMatch(/ref:/);
  });

  it.each(["deploy-netlify", "deploy-cloudflare"])("%s runs each step only where its secrets are set, and hands them to the deploy step alone", (name) => {
    const job = jobsOf(workflow("ci.yml")).get(name)!;
    expect(job).toMatch(/^ {6}SECRETS_SET: \$\{\{ secrets\.\w+ != '' && secrets\.\w+ != '' \}\}$/m);
    const [notice, ...steps] = stepsOf(job);
    expect(notice).toMatch(/^ {6}- if: env\.SECRETS_SET != 'true'\n/);
    for (const step of steps) expect(step).toMatch(/^ {6}- if: env\.SECRETS_SET == 'true'\n/);
    const withSecrets = steps.filter((step) => step.includes("secrets."));
    expect(withSecrets).toHaveLength(1);
    expect(withSecrets[0]).toMatch(/run: bash tools\/ci\/deploy-\w+\.sh/);
  });

  it.each(workflows)("$name runs only scripts the repository has", ({ text }) => {
    const scripts = [...text.matchAll(/(?:bash|node) ((?:tools\/ci|\.ci)\/[\w./-]+)/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(existsSync(path.join(ROOT, script)), script).toBe(true);
  });
});
