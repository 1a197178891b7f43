// `npm run capture:text -- PATH`: print a capture's readable text (what every quote of a guide must occur
// in) with line numbers and its whitespace made visible. The text is read exactly as `npm run check` reads
// it. Exit 0 on success, 1 when the file cannot be read as a capture, 2 on a usage error.

import { realpath } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { DEFAULT_LIMITS, formatByteSize } from "../../generator/load/limits.ts";
import { errorCode, readRegularFile } from "../../generator/load/regular-file.ts";
import { byteLineColumn, decodeUtf8 } from "../../generator/load/utf8.ts";
import { captureKind, readCapture, tooDeepProblem } from "../../generator/capture/capture-text.ts";
import { printable } from "../../generator/printable.ts";
import { legend, numberedLines } from "../../generator/validate/visible-whitespace.ts";

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
  const read = readCapture(kind, decoded.text);
  if ("tooDeep" in read) return { ok: false, message: tooDeepProblem(shownPath, read).problem };
  const { text } = read;
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

  // Read as `npm run check` reads a capture: a regular file (a link is followed to one), at most the
  // capture size limit, so that a FIFO or a device is refused rather than waited on or read without end.
  const read = await readCaptureFile(path.resolve(io.cwd, shownPath));
  const result = read.ok ? captureTextLines(shownPath, read.bytes) : { ok: false as const, message: `cannot read ${shownPath} (${read.reason})` };
  if (!result.ok) {
    io.stderr(`capture:text: ${printable(result.message)}\n`);
    return 1;
  }
  io.stdout(`${result.lines.join("\n")}\n`);
  return 0;
}

async function readCaptureFile(location: string): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: string }> {
  let real: string;
  try {
    real = await realpath(location);
  } catch (error) {
    return { ok: false, reason: errorCode(error) };
  }
  const limit = DEFAULT_LIMITS.maxBytes.snapshots;
  const read = readRegularFile(real, limit);
  if (read.ok) return read;
  if ("notRegular" in read) return { ok: false, reason: read.notRegular === "a folder" ? "EISDIR" : `it is ${read.notRegular}, not a regular file` };
  if ("tooLarge" in read) return { ok: false, reason: `it is ${formatByteSize(read.tooLarge)}, over the limit of ${formatByteSize(limit)} for captures` };
  return { ok: false, reason: read.code };
}

if (isMain(import.meta.url)) {
  // `npm run capture:text -- PAGE | head` closes the pipe early: that ends the output, it is no failure.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  runAsMain("capture:text", runCaptureText);
}
