import { OPEN_TASK_STATES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { CheckIntake, Taken } from "../../check-intake/check-intake.ts";
import type { ServiceContext } from "../context.ts";
import type { TaskLog } from "./poll-agent-tasks.ts";
import { clampCheckedAt, endTaskWithCheck } from "./store-task-check.ts";
import { downOutcome } from "./task-outcomes.ts";

/** Overdue tasks ended per sweep; the next sweep takes the rest. */
const PER_SWEEP = 500;

/** An open task past its deadline, as it is timed out. */
export interface OverdueTask {
  id: string;
  planned_at: number | string;
  deadline_at: number | string;
  agent_name: string;
}

/**
 * Ends the open tasks whose deadline passed: each times out and counts as a down check, stored
 * as a result would be. One that fails is logged and left to the next sweep. Returns how many
 * tasks timed out.
 */
export async function timeOutTasks(
  ctx: ServiceContext,
  intake: CheckIntake,
  log?: TaskLog,
): Promise<number> {
  const now = ctx.now();
  const overdue = await ctx.db
    .selectFrom("agent_tasks")
    .innerJoin("agents", "agents.id", "agent_tasks.agent_id")
    .select([
      "agent_tasks.id",
      "agent_tasks.planned_at",
      "agent_tasks.deadline_at",
      "agents.name as agent_name",
    ])
    .where("agent_tasks.state", "in", [...OPEN_TASK_STATES])
    .where("agent_tasks.deadline_at", "<", now)
    .orderBy("agent_tasks.deadline_at")
    .limit(PER_SWEEP)
    .execute();
  const ended = await Promise.allSettled(
    overdue.map((task) => ctx.transact((trx) => timeOutTask(trx, task, now, intake))),
  );
  const taken: Taken[] = [];
  ended.forEach((end, index) => {
    if (end.status === "rejected") {
      log?.warn({ err: end.reason, task: overdue[index]?.id }, "timing out an agent task failed");
      return;
    }
    if (end.value) taken.push(end.value);
  });
  intake.committed(taken);
  return taken.length;
}

/**
 * Times out one task past its deadline, in the caller's transaction, storing its down check
 * (the sweeper's way, and a result's when it arrives before the sweeper). Undefined when the
 * task had already ended.
 */
export function timeOutTask(
  trx: Transaction<Database>,
  task: OverdueTask,
  now: number,
  intake: CheckIntake,
): Promise<Taken | undefined> {
  return endTaskWithCheck(
    trx,
    {
      taskId: task.id,
      state: "timeout",
      outcome: downOutcome(
        `No result from agent ${task.agent_name} before the deadline; the agent may be stopped, offline or unable to reach the target in time.`,
      ),
      checkedAt: clampCheckedAt(Number(task.deadline_at), Number(task.planned_at), now),
    },
    now,
    intake,
  );
}
