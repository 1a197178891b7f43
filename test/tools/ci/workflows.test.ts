// What actionlint does not hold the workflows to (.github/workflows/): every action pinned to a
// commit, every job given its own least permissions, each deploy step run only where its secrets
// are set, and every script a step runs present in the repository. Read as text: each job is a
// block indented by two spaces under `jobs:`, each step a `- ` item indented by six.

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

describe("the workflows", () => {
  it("are the CI workflow and the commenting one", () => {
    expect(workflows.map((w) => w.name).sort()).toEqual(["ci.yml", "dataset-comment.yml"]);
    expect([...jobsOf(workflows.find((w) => w.name === "ci.yml")!.text).keys()]).toEqual(["test", "dataset-changes", "deploy-netlify", "deploy-cloudflare"]);
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
    const comment = jobsOf(workflows.find((w) => w.name === "dataset-comment.yml")!.text).get("comment")!;
    expect(comment).not.toMatch(/ref:/);
  });

  it.each(["deploy-netlify", "deploy-cloudflare"])("%s runs each step only where its secrets are set, and hands them to the deploy step alone", (name) => {
    const job = jobsOf(workflows.find((w) => w.name === "ci.yml")!.text).get(name)!;
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
