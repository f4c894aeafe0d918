import {
  applyCheckResult,
  type CheckOutcome,
  HEARTBEAT_CHECK_REGION,
  type MonitorHealth,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { CheckRecord } from "../../engine/result-rows.ts";
import { storeChecksIn } from "../../engine/store-results.ts";
import type { TaskAlertingStep } from "../agent-tasks/task-check-hooks.ts";

/** The monitor columns a heartbeat's check is judged by. */
export interface JudgedMonitor {
  monitor_id: string;
  state: string;
  consecutive_failures: number;
  consecutive_successes: number;
  failure_threshold: number;
  recovery_confirmations: number;
}

/**
 * Stores one heartbeat check, in the caller's transaction (which holds the monitor's row), the
 * way every check is stored: the monitor's health after it, rollups, alerts and notifications.
 * `plannedAt` identifies it, so a check recorded twice counts once.
 */
export async function storeHeartbeatCheck(
  trx: Transaction<Database>,
  monitor: JudgedMonitor,
  check: { outcome: CheckOutcome; checkedAt: number; plannedAt: number },
  alerting: TaskAlertingStep,
): Promise<CheckRecord[]> {
  const previous: MonitorHealth = {
    status: monitor.state as MonitorHealth["status"],
    consecutiveFailures: monitor.consecutive_failures,
    consecutiveSuccesses: monitor.consecutive_successes,
  };
  const up = check.outcome.status === "up";
  const { health, transition } = applyCheckResult(previous, up, {
    failureThreshold: monitor.failure_threshold,
    recoveryConfirmations: monitor.recovery_confirmations,
  });
  const record: CheckRecord = {
    monitorId: monitor.monitor_id,
    checkedAt: check.checkedAt,
    plannedAt: check.plannedAt,
    region: HEARTBEAT_CHECK_REGION,
    outcome: check.outcome,
    health,
    transition: transition ?? undefined,
    failedRegions: up ? [] : [HEARTBEAT_CHECK_REGION],
  };
  const stored = await storeChecksIn(trx, { records: [record] }, alerting.hook);
  return stored.stored ? [record] : [];
}
