/** Small statistics for benchmark output: medians, extremes and percentiles over plain arrays. */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

export const median = (values: number[]) => percentile(values, 0.5);

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export type Summary = { median: number; min: number; max: number; runs: number };

export function summary(values: number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}
