/**
 * A stored time (epoch milliseconds) as answers, feeds and exports show it: ISO 8601 in UTC.
 * A raw query on PostgreSQL may hand the milliseconds over as text, hence the `string`.
 */
export function isoTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString();
}

/** `isoTime`, or null for a time that has not happened (a null column). */
export function isoTimeOrNull(ms: number | string | null): string | null {
  return ms === null ? null : isoTime(ms);
}
