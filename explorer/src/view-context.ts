// What every view is given: the client, the signal that cancels it when the person moves on, and
// where to report the dataset version the answers belong to.

import type { Client } from "../../client/src/index.ts";

export interface ViewContext {
  api: Client;
  signal: AbortSignal;
  showVersion(datasetVersion: string): void;
  /** Replaces the current history entry, e.g. when a search has exactly one answer. */
  replace(search: string): void;
}

export interface View {
  title: string;
  content: Node;
}

/** The item's name as a person reads it: "Karambit | Doppler (Phase 2)". */
export function itemName(item: { weapon: string; finish: string; paint_label: string }): string {
  return `${item.weapon} | ${item.finish}${item.paint_label === "" ? "" : ` (${item.paint_label})`}`;
}
