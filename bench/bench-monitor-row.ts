import type { MonitorTable } from "@upwatch/db";
import type { Insertable } from "kysely";

/** A one-minute HTTP monitor row for the benchmarks that fill a database; `changes` adjust it. */
export function benchMonitorRow(
  id: string,
  accountId: string,
  changes: Partial<Insertable<MonitorTable>> = {},
): Insertable<MonitorTable> {
  return {
    id,
    account_id: accountId,
    name: id,
    type: "http",
    target: "https://example.com/",
    interval_seconds: 60,
    timeout_seconds: 30,
    region: "eu-west-1",
    failure_threshold: 3,
    recovery_confirmations: 1,
    paused: 0,
    options: "{}",
    state: "unknown",
    consecutive_failures: 0,
    consecutive_successes: 0,
    last_checked_at: null,
    created_at: 0,
    updated_at: 0,
    ...changes,
  };
}
