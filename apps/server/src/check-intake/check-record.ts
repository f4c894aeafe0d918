import {
  type CheckOutcome,
  type HealthTransition,
  histogramBucket,
  type MonitorHealth,
} from "@upwatch/core";
import { type CheckResultTable, ROLLUP_HISTOGRAM_COLUMNS } from "@upwatch/db";

/** One finished check on its way to storage, with the monitor's health after it. */
export interface CheckRecord {
  monitorId: string;
  checkedAt: number;
  /** When the check was planned: with monitor and region, what identifies it. */
  plannedAt: number;
  region: string;
  outcome: CheckOutcome;
  health: MonitorHealth;
  /** Whether this check took the monitor down or brought it back. */
  transition?: HealthTransition | undefined;
  /** The regions whose check failed in this check's round (where an alert says it failed). */
  failedRegions?: readonly string[] | undefined;
}

/** The rollup granularities kept: half-hourly (the monitor list's bars), hourly and daily. */
export const ROLLUP_BUCKETS_SECONDS = [1800, 3600, 86_400] as const;

const ms = (value: number | null) => (value === null ? null : Math.round(value));

/** The raw result row of a check: whole milliseconds, 1/0 for up/down. */
export function resultRow(record: CheckRecord): CheckResultTable {
  const { outcome } = record;
  return {
    monitor_id: record.monitorId,
    checked_at: record.checkedAt,
    up: outcome.status === "up" ? 1 : 0,
    response_ms: ms(outcome.responseTimeMs),
    dns_ms: ms(outcome.timings.dnsMs),
    connect_ms: ms(outcome.timings.connectMs),
    tls_ms: ms(outcome.timings.tlsMs),
    first_byte_ms: ms(outcome.timings.firstByteMs),
    status_code: outcome.statusCode,
    error: outcome.error === null ? null : outcome.error.slice(0, 1000),
    region: record.region,
    planned_at: record.plannedAt,
    steps: outcome.steps === undefined ? null : JSON.stringify(outcome.steps),
  };
}

const SUMMED = ["response", "dns", "connect", "tls", "first_byte"] as const;

/** Additive counters of a rollup row: what a batch adds to one monitor's hour or day. */
export type RollupIncrement = Record<string, number | string | null> & {
  monitor_id: string;
  bucket_seconds: number;
  period_start: number;
  /** The fastest and slowest response the batch adds; null when it adds none. */
  response_min: number | null;
  response_max: number | null;
};

/** The counters every rollup row adds up. */
export const ROLLUP_COUNTERS: readonly string[] = [
  "checks",
  "up_checks",
  ...SUMMED.flatMap((name) => [`${name}_sum`, `${name}_count`]),
  ...ROLLUP_HISTOGRAM_COLUMNS,
];

/** Sums a batch of results into one increment per monitor, granularity and period. */
export function rollupIncrements(rows: readonly CheckResultTable[]): RollupIncrement[] {
  const increments = new Map<string, RollupIncrement>();
  for (const row of rows) {
    for (const bucketSeconds of ROLLUP_BUCKETS_SECONDS) {
      const bucketMs = bucketSeconds * 1000;
      const periodStart = Math.floor(row.checked_at / bucketMs) * bucketMs;
      const key = `${row.monitor_id}|${bucketSeconds}|${periodStart}`;
      let increment = increments.get(key);
      if (!increment) {
        increment = {
          monitor_id: row.monitor_id,
          bucket_seconds: bucketSeconds,
          period_start: periodStart,
          response_min: null,
          response_max: null,
        };
        for (const counter of ROLLUP_COUNTERS) increment[counter] = 0;
        increments.set(key, increment);
      }
      add(increment, row);
    }
  }
  return [...increments.values()];
}

function add(increment: RollupIncrement, row: CheckResultTable): void {
  const bump = (column: string, by = 1) => {
    increment[column] = (increment[column] as number) + by;
  };
  bump("checks");
  if (row.up === 1) bump("up_checks");
  const values: Record<(typeof SUMMED)[number], number | null> = {
    response: row.response_ms,
    dns: row.dns_ms,
    connect: row.connect_ms,
    tls: row.tls_ms,
    first_byte: row.first_byte_ms,
  };
  for (const name of SUMMED) {
    const value = values[name];
    if (value === null) continue;
    bump(`${name}_sum`, value);
    bump(`${name}_count`);
  }
  if (row.response_ms === null) return;
  bump(ROLLUP_HISTOGRAM_COLUMNS[histogramBucket(row.response_ms)]!);
  increment.response_min = Math.min(increment.response_min ?? row.response_ms, row.response_ms);
  increment.response_max = Math.max(increment.response_max ?? row.response_ms, row.response_ms);
}
