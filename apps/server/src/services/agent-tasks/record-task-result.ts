import type { AgentTaskResult } from "@upwatch/api";
import { type CheckOutcome, isOpenTaskState, isStorableText } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { CheckIntake, Taken } from "../../check-intake/check-intake.ts";
import type { AuthenticatedAgent } from "../agents/authenticate-agent.ts";
import type { ServiceContext } from "../context.ts";
import { clampCheckedAt, endTaskWithCheck } from "./store-task-check.ts";
import { downOutcome, taskResultOf } from "./task-outcomes.ts";
import {
  notGiven,
  type Refusal,
  readTaskOfCall,
  refuseAndLog,
  refuseOthersTask,
  type TaskOfCall,
} from "./task-refusals.ts";
import { timeOutTask } from "./time-out-tasks.ts";
import { validateTaskResult } from "./validate-task-result.ts";

/** The check the transaction took in, settled once it committed. */
type Stored = { stored: { taken: Taken; state: "completed" | "failed" } };
/** A refusal after the task was timed out in the same transaction (its deadline had passed). */
type TimedOut = Refusal & { timedOut: Taken };

/**
 * Stores a task's result once: the task ends (completed with what the check found, or failed
 * with why it could not run, a down check) in the same transaction as its check, the monitor's
 * health and alerts. A second result is refused; one after the task timed out is kept on the
 * task as late and changes nothing, as is one that arrives past the deadline before the task
 * was timed out (it is timed out first). Refusals, a malformed body included, are noted on the
 * task.
 */
export async function recordTaskResult(
  ctx: ServiceContext,
  agent: AuthenticatedAgent,
  taskId: string,
  body: unknown,
  intake: CheckIntake,
): Promise<{ id: string; state: "completed" | "failed" }> {
  if (!isStorableText(taskId)) throw notGiven(taskId);
  const now = ctx.now();
  const validated = validateTaskResult(body);
  const answer = await ctx.transact(async (trx): Promise<Refusal | TimedOut | Stored> => {
    const own = await refuseOthersTask(
      trx,
      agent,
      taskId,
      await readTaskOfCall(trx, taskId),
      "a result",
      now,
    );
    if ("refused" in own) return own;
    const { task } = own;
    if (!validated.ok) {
      return refuseAndLog(trx, task.id, "invalid", validated.sentence, now);
    }
    const { result } = validated;
    if (task.state === "timeout") return recordLate(trx, task, result, now);
    if (!isOpenTaskState(task.state)) return alreadyStored(trx, task, now);
    if (task.deadline_at < now) return timeOutThenLate(trx, task, agent, result, now, intake);
    const state = "outcome" in result ? "completed" : "failed";
    const ranAt = "outcome" in result ? result.started_at : (task.started_at ?? now);
    const taken = await endTaskWithCheck(
      trx,
      {
        taskId: task.id,
        state,
        outcome: outcomeOf(result),
        checkedAt: clampCheckedAt(ranAt, task.planned_at, now),
      },
      now,
      intake,
    );
    if (!taken) {
      // Ended meanwhile (timed out or answered by another request): judged as it ended.
      const ended = await readTaskOfCall(trx, task.id);
      if (ended?.state === "timeout") return recordLate(trx, ended, result, now);
      return alreadyStored(trx, ended ?? task, now);
    }
    return { stored: { state, taken } };
  });
  if ("refused" in answer) {
    if ("timedOut" in answer) intake.committed([answer.timedOut]);
    throw answer.refused;
  }
  intake.committed([answer.stored.taken]);
  return { id: taskId, state: answer.stored.state };
}

function outcomeOf(result: AgentTaskResult): CheckOutcome {
  return "outcome" in result ? result.outcome : downOutcome(result.failure);
}

/** A result past the deadline the sweeper has not reached yet: timed out as it would be, then late. */
async function timeOutThenLate(
  trx: Transaction<Database>,
  task: TaskOfCall,
  agent: AuthenticatedAgent,
  result: AgentTaskResult,
  now: number,
  intake: CheckIntake,
): Promise<Refusal | TimedOut> {
  const taken = await timeOutTask(trx, { ...task, agent_name: agent.name }, now, intake);
  const ended = (await readTaskOfCall(trx, task.id)) ?? task;
  if (ended.state !== "timeout") return alreadyStored(trx, ended, now);
  const late = await recordLate(trx, ended, result, now);
  return taken ? { ...late, timedOut: taken } : late;
}

function alreadyStored(trx: Transaction<Database>, task: TaskOfCall, now: number) {
  return refuseAndLog(
    trx,
    task.id,
    "conflict",
    `Task ${task.id} already has its result (${task.state}); this one was not stored.`,
    now,
  );
}

/** A result after the task timed out: kept on the task (the first one), changing nothing. */
async function recordLate(
  trx: Transaction<Database>,
  task: TaskOfCall,
  result: AgentTaskResult,
  now: number,
): Promise<Refusal> {
  const endedAt = new Date(task.finished_at ?? now).toISOString();
  await trx
    .updateTable("agent_tasks")
    .set({ late_result: JSON.stringify(taskResultOf(outcomeOf(result))), late_at: now })
    .where("id", "=", task.id)
    .where("late_at", "is", null)
    .execute();
  return refuseAndLog(
    trx,
    task.id,
    "conflict",
    `Task ${task.id} timed out at ${endedAt}; its result was recorded as late and changes nothing.`,
    now,
  );
}
