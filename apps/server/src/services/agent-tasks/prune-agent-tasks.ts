import { AGENT_TASK_LIMITS, FINISHED_TASK_STATES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** Tasks deleted per statement, so an hour of tasks at scale is many small deletes. */
const PER_DELETE = 5_000;

/** Forgets finished tasks older than the Tasks tab shows; returns how many were deleted. */
export async function pruneAgentTasks(
  db: Kysely<Database>,
  now: number,
  perDelete = PER_DELETE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom("agent_tasks")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("agent_tasks")
          .select("id")
          .where("state", "in", [...FINISHED_TASK_STATES])
          .where("created_at", "<", now - AGENT_TASK_LIMITS.keepMs)
          .limit(perDelete),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < perDelete) return deleted;
  }
}
