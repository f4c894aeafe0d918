import { AGENT_CHECK_REGION, type CheckOutcome, OPEN_TASK_STATES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import { type Kysely, PostgresAdapter, type Transaction } from "kysely";
import { type CheckIntake, standingOf, type Taken } from "../../check-intake/check-intake.ts";
import { taskResultOf } from "./task-outcomes.ts";

/** How a task ends, with the check it stands for. */
export interface TaskEnd {
  taskId: string;
  state: "completed" | "failed" | "timeout";
  outcome: CheckOutcome;
  /** When the check ran (clamped to the task's planned time and now by the caller). */
  checkedAt: number;
}

const NOTHING_TAKEN: Taken = { records: [] };

/**
 * Ends an open task and hands its check to the intake, in the caller's transaction: the task
 * changes only while it is still open (so a result is stored once), and the monitor's row is
 * locked on PostgreSQL so concurrent results of one monitor count one after the other. Returns
 * what the intake took (nothing when the monitor is gone, paused or no longer runs from the
 * task's agent), or undefined when the task was no longer open. A task may end after a newer
 * one of its monitor (a late timeout): its check is then kept as history only.
 */
export async function endTaskWithCheck(
  trx: Transaction<Database>,
  end: TaskEnd,
  now: number,
  intake: CheckIntake,
): Promise<Taken | undefined> {
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
  const monitor = await lockedMonitor(trx, task.monitor_id);
  if (!monitor || monitor.paused === 1) return NOTHING_TAKEN;
  if (monitor.run_from !== "agent" || monitor.agent_id !== task.agent_id) return NOTHING_TAKEN;
  return intake.take(
    trx,
    {
      monitorId: task.monitor_id,
      plannedAt: Number(task.planned_at),
      sightings: [{ region: AGENT_CHECK_REGION, checkedAt: end.checkedAt, outcome: end.outcome }],
    },
    standingOf(monitor),
    { mayArriveLate: true },
  );
}

async function lockedMonitor(trx: Kysely<Database>, monitorId: string) {
  const query = trx
    .selectFrom("monitors")
    .select([
      "state",
      "paused",
      "run_from",
      "agent_id",
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
