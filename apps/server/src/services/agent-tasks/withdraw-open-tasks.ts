import { OPEN_TASK_STATES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { StoredTaskResult } from "./task-outcomes.ts";

/** Why open tasks were withdrawn, as their result says. */
export const WITHDRAWN = {
  monitorChanged: "The monitor was changed before the agent ran this check; it was withdrawn.",
  monitorPaused: "The monitor was paused before the agent ran this check; it was withdrawn.",
  keyRevoked: "The agent's key was revoked before it ran this check; it was withdrawn.",
  keyReplaced: "The agent was issued a new key before it ran this check; it was withdrawn.",
} as const;

/**
 * Ends a monitor's or an agent's open tasks (pending, dispatched, executing) as failed, saying
 * why. No check is stored for them: they were withdrawn, not failures of the target, and an
 * answer the agent still sends for one is refused as already answered. Run it in the transaction
 * that makes the change. Answers how many were withdrawn.
 */
export async function withdrawOpenTasks(
  trx: Kysely<Database>,
  of: { monitorId: string } | { agentId: string },
  reason: string,
  at: number,
): Promise<number> {
  const result: StoredTaskResult = {
    status: "down",
    response_time_ms: null,
    status_code: null,
    error: reason,
  };
  const query = trx
    .updateTable("agent_tasks")
    .set({ state: "failed", result: JSON.stringify(result), finished_at: at })
    .where("state", "in", OPEN_TASK_STATES);
  const updated = await ("monitorId" in of
    ? query.where("monitor_id", "=", of.monitorId)
    : query.where("agent_id", "=", of.agentId)
  ).executeTakeFirst();
  return Number(updated.numUpdatedRows);
}
