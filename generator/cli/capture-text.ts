// `npm run capture:text -- PATH`: print a capture's readable text (what every quote of a guide must occur
// in) with line numbers and its whitespace made visible. The text is read exactly as `npm run check` reads
// it. Exit 0 on success, 1 when the file cannot be read as a capture, 2 on a usage error.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "./main.ts";
import { byteLineColumn, decodeUtf8 } from "../load/utf8.ts";
import { captureKind, captureText } from "../validate/capture-text.ts";
import { legend, numberedLines } from "../validate/visible-whitespace.ts";

const USAGE = "usage: npm run capture:text -- PATH   (PATH: a .html or .txt capture, e.g. dataset/snapshots/examples/900000001.html)";

export type CaptureTextIo = CliIo;

export type CaptureLines = { ok: true; lines: string[] } | { ok: false; message: string };

/** The printed page for a capture's bytes, or why the file is not a readable capture. */
export function captureTextLines(shownPath: string, bytes: Uint8Array): CaptureLines {
  const kind = captureKind(shownPath);
  if (kind === null) return { ok: false, message: `${shownPath} is neither .html nor .txt (the capture kinds npm run check reads)` };
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const { line, column } = byteLineColumn(bytes, decoded.offset);
    return { ok: false, message: `${shownPath} is not valid UTF-8 (bad byte at offset ${decoded.offset}, line ${line}, column ${column}); captures are saved as UTF-8` };
  }
  const text = captureText(kind, decoded.text);
  return {
    ok: true,
    lines: [`readable text of ${shownPath} (${kind}), as npm run check reads it; markers:`, ...legend().map((line) => `  ${line}`), "", ...numberedLines(text)],
  };
}

export async function runCaptureText(args: string[], io: CaptureTextIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`capture:text: ${message}\n${USAGE}\n`);
    return 2;
  };
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({ positionals, values: { help } } = parseArgs({ args, options: { help: { type: "boolean", short: "h" } }, allowPositionals: true }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError(`one capture path expected, got ${positionals.length}`);
  const shownPath = positionals[0]!;

  let bytes: Uint8Array;
  try {
    bytes = await readFile(path.resolve(io.cwd, shownPath));
  } catch (error) {
    io.stderr(`capture:text: cannot read ${shownPath} (${errorCode(error)})\n`);
    return 1;
  }
  const result = captureTextLines(shownPath, bytes);
  if (!result.ok) {
    io.stderr(`capture:text: ${result.message}\n`);
    return 1;
  }
  io.stdout(`${result.lines.join("\n")}\n`);
  return 0;
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : String((error as Error | null)?.message ?? error);
}

if (isMain(import.meta.url)) {
  // `npm run capture:text -- PAGE | head` closes the pipe early: that ends the output, it is no failure.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  runAsMain("capture:text", runCaptureText);
}
