// Summary statistics for benchmark samples (milliseconds, bytes, ...).

export interface Summary {
  runs: number;
  min: number;
  median: number;
  mean: number;
  max: number;
}

/** The middle value (mean of the two middle values for an even count). Throws on an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** min, median, mean and max of a non-empty list of samples. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new RangeError("summary of no values");
  return {
    runs: values.length,
    min: Math.min(...values),
    median: median(values),
    mean: values.reduce((sum, value) => sum + value, 0) / values.length,
    max: Math.max(...values),
  };
}
