import { type HeartbeatOptions, type HeartbeatSignal, heartbeatOptionsSchema } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import { type Kysely, PostgresAdapter } from "kysely";
import type { MonitorHealthRow } from "../../check-intake/check-intake.ts";
import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";

/** A heartbeat and its monitor as a ping or the sweep changes them. */
export interface LockedHeartbeat extends MonitorHealthRow {
  monitor_id: string;
  account_id: string;
  paused: boolean;
  options: HeartbeatOptions;
  due_at: number;
  last_signal: HeartbeatSignal | null;
  last_started_at: number | null;
  last_ping_at: number | null;
  last_run_ms: number | null;
}

/**
 * A heartbeat with its monitor, found by token hash or monitor id in one indexed lookup and
 * locked on PostgreSQL, so pings and the sweep of one monitor count one after the other.
 */
export async function lockedHeartbeat(
  trx: Kysely<Database>,
  secrets: SecretBox,
  by: { tokenHash: string } | { monitorId: string },
): Promise<LockedHeartbeat | undefined> {
  let query = trx
    .selectFrom("heartbeats")
    .innerJoin("monitors", "monitors.id", "heartbeats.monitor_id")
    .select([
      "heartbeats.monitor_id",
      "heartbeats.due_at",
      "heartbeats.last_signal",
      "heartbeats.last_started_at",
      "heartbeats.last_ping_at",
      "heartbeats.last_run_ms",
      "monitors.account_id",
      "monitors.type",
      "monitors.options",
      "monitors.paused",
      "monitors.state",
      "monitors.consecutive_failures",
      "monitors.consecutive_successes",
      "monitors.failure_threshold",
      "monitors.recovery_confirmations",
    ]);
  query =
    "tokenHash" in by
      ? query.where("heartbeats.token_hash", "=", by.tokenHash)
      : query.where("heartbeats.monitor_id", "=", by.monitorId);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  if (row?.type !== "heartbeat") return undefined;
  const options = heartbeatOptionsSchema.parse(
    JSON.parse(secrets.open(row.options, placeOf("monitors", "options", row.monitor_id))),
  );
  return {
    monitor_id: row.monitor_id,
    account_id: row.account_id,
    state: row.state,
    consecutive_failures: row.consecutive_failures,
    consecutive_successes: row.consecutive_successes,
    failure_threshold: row.failure_threshold,
    recovery_confirmations: row.recovery_confirmations,
    paused: row.paused === 1,
    options,
    due_at: Number(row.due_at),
    last_signal: (row.last_signal as HeartbeatSignal | null) ?? null,
    last_started_at: row.last_started_at === null ? null : Number(row.last_started_at),
    last_ping_at: row.last_ping_at === null ? null : Number(row.last_ping_at),
    last_run_ms: row.last_run_ms === null ? null : Number(row.last_run_ms),
  };
}
