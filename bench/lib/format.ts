// Plain-text output shared by the bench:* scripts: aligned tables, units, and a PASS/FAIL line.

/** "812 ms" under 10 s, "12.3 s" above. */
export function formatMs(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Decimal units, the units of the API's stated dump size (about 30.2 MB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1e3) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

export function formatCount(count: number): string {
  return count.toLocaleString("en");
}

/**
 * A table with a header row and columns padded to their widest cell. Columns whose cells all look
 * numeric ("812 ms", "1,024") are right-aligned.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? "").length)));
  const numeric = header.map((_, column) => rows.length > 0 && rows.every((row) => /^[-+]?[\d.,]+(\s\S+)?$/.test(row[column] ?? "")));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export interface TargetCheck {
  /** What was measured: "median check time". */
  name: string;
  measured: number;
  /** The measurement passes when it is strictly below the limit. */
  limit: number;
  format: (value: number) => string;
}

export function passes(check: TargetCheck): boolean {
  return check.measured < check.limit;
}

/** "median check time 812 ms < 3000 ms" (or ">=" when it misses the limit). */
export function formatComparison(check: TargetCheck): string {
  return `${check.name} ${check.format(check.measured)} ${passes(check) ? "<" : ">="} ${check.format(check.limit)}`;
}

/** "PASS median check time 812 ms < 3000 ms" / "FAIL ... >= ...". */
export function formatTargetCheck(check: TargetCheck): string {
  return `${passes(check) ? "PASS" : "FAIL"} ${formatComparison(check)}`;
}
