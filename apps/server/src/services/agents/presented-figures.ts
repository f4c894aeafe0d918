/** A stored time (ms since 1970, a number or a PostgreSQL bigint string) as ISO 8601. */
export function isoTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString();
}

/** A stored time as ISO 8601, or null when there is none. */
export function isoTimeOrNull(ms: number | string | null): string | null {
  return ms === null ? null : isoTime(ms);
}

/** A figure rounded to two decimals, as charts and pages show them. */
export function roundFigure(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}
