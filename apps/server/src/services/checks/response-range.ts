/** The fastest and slowest response of some rollups. */
export interface ResponseRange {
  min: number;
  max: number;
}

interface RangeRow {
  response_count: number;
  response_min: number | null;
  response_max: number | null;
}

/**
 * The fastest and slowest response of the rows; null when a row with responses did not keep
 * them (it was stored before they were), or when there was no response.
 */
export function responseRange(rows: readonly RangeRow[]): ResponseRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const row of rows) {
    if (Number(row.response_count) === 0) continue;
    if (row.response_min === null || row.response_max === null) return null;
    min = Math.min(min, Number(row.response_min));
    max = Math.max(max, Number(row.response_max));
  }
  return min <= max ? { min, max } : null;
}

/**
 * A percentile estimated inside a histogram bucket, kept between the fastest and slowest
 * response measured: one check of 80 ms has a median of 80 ms, not the middle of its bucket.
 */
export function withinRange(estimate: number | null, range: ResponseRange | null): number | null {
  if (estimate === null || range === null) return estimate;
  return Math.min(range.max, Math.max(range.min, estimate));
}
