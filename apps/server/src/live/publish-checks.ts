import { getPlan, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type CheckRecord, resultRow } from "../check-intake/check-record.ts";
import { presentCheck } from "../presenters/monitors.ts";
import { monitorStatus } from "../services/monitors/monitor-status.ts";
import type { LiveBus } from "./live-bus.ts";

interface PublishLog {
  warn(object: object, message: string): void;
}

const CHUNK = 400;

/**
 * Publishes stored checks as `check` events, after their batch committed: each with the result
 * as `/checks` shows it and the monitor's status after it. Nothing is read while nobody listens;
 * batches are published in the order they were stored.
 */
export function checkPublisher(
  bus: LiveBus,
  db: Kysely<Database>,
  log: PublishLog,
): (records: readonly CheckRecord[]) => void {
  let tail = Promise.resolve();
  return (records) => {
    if (bus.idle || records.length === 0) return;
    tail = tail
      .then(() => publishChecks(bus, db, records))
      .catch((error: unknown) => log.warn({ err: error }, "publishing live check events failed"));
  };
}

async function publishChecks(
  bus: LiveBus,
  db: Kysely<Database>,
  records: readonly CheckRecord[],
): Promise<void> {
  const ids = [...new Set(records.map((record) => record.monitorId))];
  const monitors = new Map<string, { account_id: string; paused: number; plan: string }>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom("monitors")
      .innerJoin("accounts", "accounts.id", "monitors.account_id")
      .select(["monitors.id", "monitors.account_id", "monitors.paused", "accounts.plan"])
      .where("monitors.id", "in", ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) monitors.set(row.id, row);
  }
  for (const record of records) {
    const monitor = monitors.get(record.monitorId);
    if (!monitor || !bus.listening(monitor.account_id)) continue;
    const withPhases = getPlan(monitor.plan as PlanId).limits.allCheckTypes;
    bus.publish(monitor.account_id, {
      name: "check",
      data: {
        monitor_id: record.monitorId,
        check: presentCheck(resultRow(record), withPhases),
        monitor_status: monitorStatus({
          paused: monitor.paused === 1,
          state: record.health.status,
        }),
        consecutive_failures: record.health.consecutiveFailures,
      },
    });
  }
}
