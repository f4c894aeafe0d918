import { isOpenTaskState, isStorableText } from "@upwatch/core";
import type { AuthenticatedAgent } from "../agents/authenticate-agent.ts";
import type { ServiceContext } from "../context.ts";
import {
  notGiven,
  type Refusal,
  readTaskOfCall,
  refuseAndLog,
  refuseOthersTask,
} from "./task-refusals.ts";

/**
 * The agent is about to run the task: from pending or handed out it becomes executing, so it
 * is not handed out again. Saying so twice is answered the same; an ended task is refused, so
 * the agent does not run it, and so is one past its deadline (its result would change nothing).
 */
export async function startAgentTask(
  ctx: ServiceContext,
  agent: AuthenticatedAgent,
  taskId: string,
): Promise<{ id: string; state: "executing" }> {
  if (!isStorableText(taskId)) throw notGiven(taskId);
  const now = ctx.now();
  const answer = await ctx.transact(async (trx): Promise<Refusal | undefined> => {
    const own = await refuseOthersTask(
      trx,
      agent,
      taskId,
      await readTaskOfCall(trx, taskId),
      "started",
      now,
    );
    if ("refused" in own) return own;
    const { task } = own;
    if (task.deadline_at < now && isOpenTaskState(task.state)) {
      return refuseAndLog(
        trx,
        task.id,
        "conflict",
        `Task ${task.id} passed its deadline at ${new Date(task.deadline_at).toISOString()}; do not run it.`,
        now,
      );
    }
    if (task.state === "executing") return undefined;
    const started = await trx
      .updateTable("agent_tasks")
      .set({ state: "executing", started_at: now })
      .where("id", "=", task.id)
      .where("state", "in", ["pending", "dispatched"])
      .returning("id")
      .executeTakeFirst();
    if (started) return undefined;
    return refuseAndLog(
      trx,
      task.id,
      "conflict",
      `Task ${task.id} already ended (${task.state}); do not run it.`,
      now,
    );
  });
  if (answer) throw answer.refused;
  return { id: taskId, state: "executing" };
}
