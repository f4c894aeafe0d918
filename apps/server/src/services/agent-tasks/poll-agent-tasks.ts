import type { AgentCheckTask, AgentTaskList } from "@upwatch/api";
import { AGENT_POLL_SECONDS, AGENT_TASK_LIMITS, oldestDispatchablePlannedAt } from "@upwatch/core";
import { openTaskSpec } from "../../records/agent-task-spec.ts";
import type { AuthenticatedAgent } from "../agents/authenticate-agent.ts";
import type { ServiceContext } from "../context.ts";

/** Where a task that cannot be handed out is told of. */
export interface TaskLog {
  warn(object: object, message: string): void;
}

/**
 * The agent's due tasks, oldest first, and when to ask again. A task is handed out while it is
 * pending or handed out but not started (a lost answer must not lose the check), and only while
 * enough time is left to run it before its deadline; each is marked as handed out again. A task
 * whose check cannot be opened is left out (and logged) rather than failing the poll.
 */
export async function pollAgentTasks(
  ctx: ServiceContext,
  agent: AuthenticatedAgent,
  log: TaskLog,
): Promise<AgentTaskList> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom("agent_tasks")
    .select(["id", "monitor_id", "planned_at", "deadline_at", "spec"])
    .where("agent_id", "=", agent.id)
    .where("state", "in", ["pending", "dispatched"])
    .where("planned_at", "<=", now)
    // Tasks too late to run before their deadline (canStillDispatch) stay out of the query, so a
    // backlog of them never crowds out the fresh ones.
    .where("planned_at", ">=", oldestDispatchablePlannedAt(now))
    .orderBy("planned_at")
    .orderBy("id")
    .limit(AGENT_TASK_LIMITS.perPoll)
    .execute();
  const due: AgentCheckTask[] = [];
  for (const row of rows) {
    const check = openCheck(ctx, row, log);
    if (!check) continue;
    const deadlineAt = Number(row.deadline_at);
    due.push({
      id: row.id,
      kind: "check",
      monitor_id: row.monitor_id,
      planned_at: Number(row.planned_at),
      deadline_at: deadlineAt,
      check,
    });
  }
  if (due.length === 0) return { tasks: [], poll_after_seconds: AGENT_POLL_SECONDS };
  const marked = await ctx.transact((trx) =>
    trx
      .updateTable("agent_tasks")
      .set((eb) => ({
        state: "dispatched",
        dispatched_at: now,
        dispatch_count: eb("dispatch_count", "+", 1),
      }))
      .where(
        "id",
        "in",
        due.map((task) => task.id),
      )
      // Started or ended meanwhile: not handed out again.
      .where("state", "in", ["pending", "dispatched"])
      .returning("id")
      .execute(),
  );
  const handedOut = new Set(marked.map((row) => row.id));
  return {
    tasks: due.filter((task) => handedOut.has(task.id)),
    poll_after_seconds: AGENT_POLL_SECONDS,
  };
}

function openCheck(ctx: ServiceContext, row: { id: string; spec: string }, log: TaskLog) {
  try {
    return openTaskSpec(ctx.secrets, row.id, row.spec);
  } catch (error) {
    log.warn(
      { err: error, task: row.id },
      "an agent task's check could not be opened; not handed out",
    );
    return undefined;
  }
}
