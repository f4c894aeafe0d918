import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { AuthenticatedAgent } from "../agents/authenticate-agent.ts";
import { ServiceError } from "../service-error.ts";
import { appendTaskLog } from "./append-task-log.ts";

/** What an agent's call about a task is checked against. */
export interface TaskOfCall {
  id: string;
  account_id: string;
  agent_id: string;
  state: string;
  planned_at: number;
  deadline_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A refusal decided in a transaction, thrown once the transaction (and its log entry) committed. */
export type Refusal = { refused: ServiceError };

/** The task the agent asks about, read in the transaction. */
export async function readTaskOfCall(
  trx: Transaction<Database>,
  taskId: string,
): Promise<TaskOfCall | undefined> {
  const row = await trx
    .selectFrom("agent_tasks")
    .select([
      "id",
      "account_id",
      "agent_id",
      "state",
      "planned_at",
      "deadline_at",
      "started_at",
      "finished_at",
    ])
    .where("id", "=", taskId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    planned_at: Number(row.planned_at),
    deadline_at: Number(row.deadline_at),
    started_at: row.started_at === null ? null : Number(row.started_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export function notGiven(taskId: string): ServiceError {
  return new ServiceError("not-found", `No task ${taskId} was given to this agent.`);
}

/**
 * The agent's own task, or the refusal of a call about a task it was not given: unknown, another account's (which looks
 * the same) or another agent's of the account, which is noted on that task.
 */
export async function refuseOthersTask(
  trx: Transaction<Database>,
  agent: AuthenticatedAgent,
  taskId: string,
  task: TaskOfCall | undefined,
  what: string,
  now: number,
): Promise<Refusal | { task: TaskOfCall }> {
  if (task && task.agent_id === agent.id) return { task };
  if (task && task.account_id === agent.account_id) {
    await appendTaskLog(trx, task.id, {
      at: now,
      message: `Agent ${agent.name} (${agent.id}) sent ${what} for this task, which was given to another agent; refused.`,
    });
  }
  return { refused: notGiven(taskId) };
}

/** Refuses with the sentence, and notes it on the task. */
export async function refuseAndLog(
  trx: Transaction<Database>,
  taskId: string,
  code: ServiceError["code"],
  sentence: string,
  now: number,
): Promise<Refusal> {
  await appendTaskLog(trx, taskId, { at: now, message: sentence });
  return { refused: new ServiceError(code, sentence) };
}
