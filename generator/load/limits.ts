import { MAX_JSON_DEPTH } from "./json-text.ts";

// What a dataset file may cost to read. A file past a limit is a problem naming it, never a read that
// exhausts memory: loading is the stage a hostile or mistaken file reaches first.

export type DatasetFolder = "items" | "guides" | "snapshots";

export interface DatasetLimits {
  /** The largest file each folder may hold, in bytes. */
  maxBytes: Record<DatasetFolder, number>;
  /** How deeply objects and arrays may nest in an item or guide file. */
  maxDepth: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Far above what the dataset needs (item files are under 1 kB; the largest guide of the scale fixture is
 * 0.3 MB and its largest capture 0.2 MB), far below what would strain a build machine. Captures get the
 * most room: a saved page with a long comment thread runs to megabytes.
 */
export const DEFAULT_LIMITS: DatasetLimits = {
  maxBytes: { items: 1 * MiB, guides: 16 * MiB, snapshots: 32 * MiB },
  maxDepth: MAX_JSON_DEPTH,
};

/** The `check` option that raises each folder's limit, for messages. */
export const LIMIT_OPTIONS: Record<DatasetFolder, string> = {
  items: "--max-item-size",
  guides: "--max-guide-size",
  snapshots: "--max-capture-size",
};

const UNITS: Record<string, number> = { "": 1, b: 1, k: KiB, kb: KiB, kib: KiB, m: MiB, mb: MiB, mib: MiB, g: 1024 * MiB, gb: 1024 * MiB, gib: 1024 * MiB };

/** "16MiB", "512k", "2000000" -> bytes (units are binary); null when the text is not a size. */
export function parseByteSize(text: string): number | null {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match === null ? undefined : UNITS[match[2]!.toLowerCase()];
  if (match === null || unit === undefined) return null;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}

/** 16777216 -> "16 MiB", 2048 -> "2 KiB", 1500 -> "1500 bytes": exact multiples only, so a size is never rounded. */
export function formatByteSize(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}
