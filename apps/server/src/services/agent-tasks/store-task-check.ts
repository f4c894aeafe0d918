import {
  AGENT_CHECK_REGION,
  applyCheckResult,
  type CheckOutcome,
  type MonitorHealth,
  OPEN_TASK_STATES,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import type { CheckRecord } from "../../engine/result-rows.ts";
import { storeChecksIn } from "../../engine/store-results.ts";
import type { TaskAlertingStep } from "./task-check-hooks.ts";
import { taskResultOf } from "./task-outcomes.ts";

/** How a task ends, with the check it stands for. */
export interface TaskEnd {
  taskId: string;
  state: "completed" | "failed" | "timeout";
  outcome: CheckOutcome;
  /** When the check ran (clamped to the task's planned time and now by the caller). */
  checkedAt: number;
}

/**
 * Ends an open task and stores its check, in the caller's transaction: the task changes only
 * while it is still open (so a result is stored once), the check goes in with the monitor's
 * health after it, read from the monitor's row and locked on PostgreSQL so concurrent results
 * of one monitor count one after the other. Returns the stored check, `[]` when the monitor is
 * gone, paused or no longer runs from the task's agent, or undefined when the task was no longer
 * open. A check planned before one already stored (a late timeout) is kept as history but leaves
 * the monitor's health, and so its alerts, as the newer check set them.
 */
export async function endTaskWithCheck(
  trx: Transaction<Database>,
  end: TaskEnd,
  now: number,
  alerting: TaskAlertingStep,
): Promise<CheckRecord[] | undefined> {
  const task = await trx
    .updateTable("agent_tasks")
    .set({
      state: end.state,
      finished_at: now,
      result: JSON.stringify(taskResultOf(end.outcome)),
    })
    .where("id", "=", end.taskId)
    .where("state", "in", [...OPEN_TASK_STATES])
    .returning(["monitor_id", "agent_id", "planned_at"])
    .executeTakeFirst();
  if (!task) return undefined;
  const plannedAt = Number(task.planned_at);
  const monitor = await lockedMonitor(trx, task.monitor_id);
  if (!monitor || monitor.paused === 1) return [];
  if (monitor.run_from !== "agent" || monitor.agent_id !== task.agent_id) return [];
  const previous: MonitorHealth = {
    status: monitor.state as MonitorHealth["status"],
    consecutiveFailures: monitor.consecutive_failures,
    consecutiveSuccesses: monitor.consecutive_successes,
  };
  const superseded = await newerCheckStored(trx, task.monitor_id, plannedAt);
  const { health, transition } = superseded
    ? { health: previous, transition: null }
    : applyCheckResult(previous, end.outcome.status === "up", {
        failureThreshold: monitor.failure_threshold,
        recoveryConfirmations: monitor.recovery_confirmations,
      });
  const record: CheckRecord = {
    monitorId: task.monitor_id,
    checkedAt: end.checkedAt,
    plannedAt,
    region: AGENT_CHECK_REGION,
    outcome: end.outcome,
    health,
    transition: transition ?? undefined,
    failedRegions: end.outcome.status === "up" ? [] : [AGENT_CHECK_REGION],
  };
  const stored = await storeChecksIn(
    trx,
    { records: [record] },
    superseded ? undefined : alerting.hook,
  );
  if (superseded && stored.stored)
    await keepLastChecked(trx, task.monitor_id, monitor.last_checked_at);
  return stored.stored ? [record] : [];
}

/** Whether a check the agent ran later than `plannedAt` is already stored for the monitor. */
async function newerCheckStored(
  trx: Kysely<Database>,
  monitorId: string,
  plannedAt: number,
): Promise<boolean> {
  const newer = await trx
    .selectFrom("check_results")
    .select("planned_at")
    .where("monitor_id", "=", monitorId)
    .where("region", "=", AGENT_CHECK_REGION)
    .where("planned_at", ">", plannedAt)
    .limit(1)
    .executeTakeFirst();
  return newer !== undefined;
}

/** Storing an older check moved the monitor's last check time back; the newer one stands. */
async function keepLastChecked(
  trx: Kysely<Database>,
  monitorId: string,
  lastCheckedAt: number | string | null,
): Promise<void> {
  if (lastCheckedAt === null) return;
  await trx
    .updateTable("monitors")
    .set({ last_checked_at: Number(lastCheckedAt) })
    .where("id", "=", monitorId)
    .where("last_checked_at", "<", Number(lastCheckedAt))
    .execute();
}

async function lockedMonitor(trx: Kysely<Database>, monitorId: string) {
  const query = trx
    .selectFrom("monitors")
    .select([
      "state",
      "paused",
      "run_from",
      "agent_id",
      "last_checked_at",
      "consecutive_failures",
      "consecutive_successes",
      "failure_threshold",
      "recovery_confirmations",
    ])
    .where("id", "=", monitorId);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

/** When a task's check counts as run: never before it was planned, never in the future. */
export function clampCheckedAt(at: number, plannedAt: number, now: number): number {
  return Math.min(Math.max(at, plannedAt), Math.max(now, plannedAt));
}
