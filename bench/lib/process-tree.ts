// The resident memory of a process and every process it started (node:cluster workers, workerd,
// Deno, esbuild's service), read from /proc (Linux): a server's own `process.memoryUsage()` would
// leave out the runtime it drives, which is most of what it holds.
//
// Each process's VmRSS is summed, so pages the processes share (a binary's text, in each cluster
// worker) count once per process: an upper bound on what the tree costs, the figure `ps` shows.

import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";

export interface TreeSample {
  rssBytes: number;
  /** How many processes of each program (argv[0]'s file name) the tree holds. */
  programs: Map<string, number>;
}

/** Every process's parent, from /proc/<pid>/stat; processes that end while it is read are left out. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      // The program's name, in parentheses, may itself hold spaces and parentheses: the fields that
      // follow are read after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // ended meanwhile
    }
  }
  return parentOf;
}

function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents()) {
    const siblings = children.get(parent);
    if (siblings === undefined) children.set(parent, [pid]);
    else siblings.push(pid);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+([0-9]+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    // A zombie has no VmRSS line: it holds no memory.
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return null;
  }
}

function programOf(pid: number): string {
  try {
    return basename(readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0")[0] ?? "") || "?";
  } catch {
    return "?";
  }
}

export function sampleTree(root: number): TreeSample {
  let rssBytes = 0;
  const programs = new Map<string, number>();
  for (const pid of treeOf(root)) {
    const bytes = residentBytes(pid);
    if (bytes === null) continue;
    rssBytes += bytes;
    const program = programOf(pid);
    programs.set(program, (programs.get(program) ?? 0) + 1);
  }
  return { rssBytes, programs };
}

export interface TreeWatch {
  /** Takes a last sample and stops: the highest total seen, and the most processes of each program at once. */
  stop(): TreeSample;
}

/** Samples the tree under `root` now and every `intervalMs` until stopped. */
export function watchTree(root: number, intervalMs = 250): TreeWatch {
  const peak: TreeSample = { rssBytes: 0, programs: new Map() };
  const sample = () => {
    const now = sampleTree(root);
    peak.rssBytes = Math.max(peak.rssBytes, now.rssBytes);
    for (const [program, count] of now.programs) peak.programs.set(program, Math.max(peak.programs.get(program) ?? 0, count));
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
