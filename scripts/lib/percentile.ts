/**
 * The p-th percentile of a set of timings by the nearest-rank method: the smallest value that at
 * least p% of the values are at or under (the ⌈p/100 × N⌉-th smallest). Over 20 tries, p95 is the
 * 19th and p50 the 10th; the slowest try alone is the maximum, which the benchmarks print apart
 * when it matters. NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
