import type { Checked, Problem } from "../dataset.ts";

// What loading hands to validation: file names, parsed JSON and capture bytes, plus every problem met on
// the way. Nothing here is checked yet; `checkDataset` (generator/validate) does that without any I/O.

export interface RawJsonFile {
  /** Relative to the dataset folder, '/'-separated: "items/karambit-doppler.json". */
  file: string;
  /** The file name without ".json": the slug or platform_id the file must hold. */
  name: string;
  /** The parsed JSON, or null when the file is not readable JSON (its problems say why). */
  parsed: { json: unknown } | null;
  /** What reading the file found wrong: not UTF-8, not JSON, a key written twice. */
  problems: Problem[];
  /** The hex sha256 of the file's bytes, when the reader was asked for it and could read them (the check cache's key). */
  sha256?: string;
}

export interface RawGuideFile extends RawJsonFile {
  /**
   * The bytes of the capture named by the guide's `snapshot.path` (relative to `snapshots/`), or the problems
   * met reading it. null when the JSON names no path at all; shape validation reports that.
   */
  capture: Checked<Uint8Array> | null;
  /** The hex sha256 of the capture's bytes, when the reader was asked for digests and read them. */
  captureSha256?: string;
}

export interface RawDataset {
  items: RawJsonFile[];
  guides: RawGuideFile[];
  /** Problems of the dataset folder itself: a folder missing or empty, a stray file. */
  problems: Problem[];
}
