// What each host takes from a build folder when it is deployed: the one list behind the build's
// printed summary, the figures of docs/deploy.md ("File counts") and their test.
//
// - Cloudflare Workers (wrangler): every file but its own metafiles and what `.assetsignore` names
//   (gitignore syntax; the build writes it, build-folder.ts), so one generation and one documents folder.
// - Netlify (its CLI and its builds): every file but those under a name starting with "." (other than
//   `.well-known`) or named `node_modules`; nothing else is read from the folder to leave files out.

import { promises as fs } from "node:fs";
import path from "node:path";
import { UPLOAD_IGNORE_FILE } from "../../contract/upload-ignore.ts";
import { entriesUnder } from "./walk.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

export type Host = "cloudflare" | "netlify";

export const HOSTS: Record<Host, { name: string; maxFiles: string; maxFileBytes: number | null }> = {
  cloudflare: { name: "Cloudflare Workers", maxFiles: "20,000 on Free, 100,000 on Paid", maxFileBytes: 25 * 1024 * 1024 },
  netlify: { name: "Netlify", maxFiles: "no cap", maxFileBytes: null },
};

export interface UploadedFile {
  /** From the build folder, with `/`. */
  path: string;
  bytes: number;
}

/** Every file `host` uploads from `outDir`, sorted by path. */
export async function uploadedFiles(outDir: string, host: Host): Promise<UploadedFile[]> {
  const keeps = host === "cloudflare" ? cloudflareKeeps(await readIgnoreFile(outDir)) : netlifyKeeps;
  const files: UploadedFile[] = [];
  for (const entry of await entriesUnder(outDir)) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(outDir, file).split(path.sep).join("/");
    if (!keeps(relative)) continue;
    // A link is uploaded as what it leads to, as both hosts read files.
    const stat = await fs.stat(file);
    if (stat.isFile()) files.push({ path: relative, bytes: stat.size });
  }
  return files.sort((a, b) => byCodeUnits(a.path, b.path));
}

/**
 * What wrangler reports as "Read N files from the assets directory": it lists the folder with
 * readdir's recursive option before leaving anything out, so N counts every entry, the folders and
 * the files `.assetsignore` names included. Links are counted, not followed.
 */
export async function wranglerReadCount(outDir: string): Promise<{ entries: number; folders: number }> {
  let folders = 0;
  let entries = 0;
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      entries += 1;
      if (!entry.isDirectory()) continue;
      folders += 1;
      await visit(path.join(folder, entry.name));
    }
  };
  await visit(outDir);
  return { entries, folders };
}

/** The largest of `files`, or null when there is none. */
export function largestFile(files: readonly UploadedFile[]): UploadedFile | null {
  let largest: UploadedFile | null = null;
  for (const file of files) if (largest === null || file.bytes > largest.bytes) largest = file;
  return largest;
}

async function readIgnoreFile(outDir: string): Promise<string[]> {
  try {
    return (await fs.readFile(path.join(outDir, UPLOAD_IGNORE_FILE), "utf8")).split("\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

const netlifyKeeps = (relative: string) => relative.split("/").every((name) => name === ".well-known" || (!name.startsWith(".") && name !== "node_modules"));

/** wrangler never uploads these, whatever `.assetsignore` says. */
const WRANGLER_METAFILES = [`/${UPLOAD_IGNORE_FILE}`, "/_redirects", "/_headers"];

function cloudflareKeeps(ignoreLines: readonly string[]): (relative: string) => boolean {
  const ignored = gitignoreMatcher([...WRANGLER_METAFILES, ...ignoreLines]);
  return (relative) => !ignored(relative);
}

interface Rule {
  negated: boolean;
  directoryOnly: boolean;
  pattern: RegExp;
}

/**
 * Whether a file is ignored by gitignore-style lines, read as wrangler's matcher reads them: the last
 * rule that matches decides, a pattern without an inner `/` matches a name at any depth, a leading `/`
 * anchors it to the folder, a trailing `/` matches folders only, and nothing under an ignored folder
 * can be taken back with `!`. `**` before a slash is any folders or none; any other `**` crosses no
 * slash, as a `*` does (a trailing one still ignores everything below: each folder there is ignored whole).
 * Character classes (`[...]`) are read as the characters themselves: the build writes none.
 */
export function gitignoreMatcher(lines: readonly string[]): (relative: string) => boolean {
  const rules = lines.map(ruleOf).filter((rule): rule is Rule => rule !== null);
  const decide = (relative: string, isDirectory: boolean): boolean => {
    let ignored = false;
    for (const rule of rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.pattern.test(relative)) ignored = !rule.negated;
    }
    return ignored;
  };
  return (relative) => {
    const names = relative.split("/");
    for (let depth = 1; depth < names.length; depth++) if (decide(names.slice(0, depth).join("/"), true)) return true;
    return decide(relative, false);
  };
}

function ruleOf(line: string): Rule | null {
  let text = line.replace(/\r$/, "").replace(/(?<!\\)\s+$/, "");
  if (text === "" || text.startsWith("#")) return null;
  const negated = text.startsWith("!");
  if (negated) text = text.slice(1);
  const directoryOnly = text.endsWith("/");
  if (directoryOnly) text = text.slice(0, -1);
  const anchored = text.includes("/");
  if (text.startsWith("/")) text = text.slice(1);
  const body = globToRegExp(text);
  return { negated, directoryOnly, pattern: new RegExp(anchored ? `^${body}$` : `(?:^|/)${body}$`) };
}

const literal = (character: string) => character.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function globToRegExp(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const character = glob[i]!;
    if (character === "*" && glob.startsWith("*/", i + 1)) {
      // `**/`: any folders, or none.
      out += "(?:.*/)?";
      i += 2;
    } else if (character === "*") out += "[^/]*";
    else if (character === "?") out += "[^/]";
    else out += literal(character === "\\" && i + 1 < glob.length ? glob[++i]! : character);
  }
  return out;
}
