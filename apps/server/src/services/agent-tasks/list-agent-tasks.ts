import {
  AGENT_TASK_CURSOR,
  type agentTaskListQuery,
  type agentTaskListResponse,
} from "@upwatch/api";
import { AGENT_TASK_LIMITS, AGENT_TASK_STATES, type AgentTaskState } from "@upwatch/core";
import type { z } from "zod";
import { isoTime as iso } from "../../time.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { findOwnedAgent } from "../agents/owned-agent.ts";
import type { ServiceContext } from "../context.ts";
import { readTaskLog } from "./append-task-log.ts";
import { readTaskResult } from "./task-outcomes.ts";

type TaskList = z.infer<typeof agentTaskListResponse>;
type TaskListQuery = z.output<typeof agentTaskListQuery>;

const isoOrNull = (at: number | string | null) => (at === null ? null : iso(Number(at)));

/**
 * One of the account's agents' tasks of the past 24 hours, newest planned first, a page at a
 * time (`before` is the previous page's `next_before`, its last task: tasks planned at the same
 * moment are neither skipped nor repeated), with how many are in each state.
 */
export async function listAgentTasks(
  ctx: ServiceContext,
  access: AccountAccess,
  agentId: string,
  query: TaskListQuery,
): Promise<TaskList> {
  await findOwnedAgent(ctx.db, access, agentId);
  const since = ctx.now() - AGENT_TASK_LIMITS.keepMs;
  let select = ctx.db
    .selectFrom("agent_tasks")
    .innerJoin("monitors", "monitors.id", "agent_tasks.monitor_id")
    .selectAll("agent_tasks")
    .select(["monitors.name as monitor_name", "monitors.target as target"])
    .where("agent_tasks.agent_id", "=", agentId)
    .where("agent_tasks.planned_at", ">=", since)
    .orderBy("agent_tasks.planned_at", "desc")
    .orderBy("agent_tasks.id", "desc")
    .limit(query.limit + 1);
  if (query.state) select = select.where("agent_tasks.state", "=", query.state);
  const cursor = query.before?.match(AGENT_TASK_CURSOR);
  if (cursor) {
    const plannedAt = Number(cursor[1]);
    const id = cursor[2] as string;
    select = select.where((eb) =>
      eb.or([
        eb("agent_tasks.planned_at", "<", plannedAt),
        eb.and([eb("agent_tasks.planned_at", "=", plannedAt), eb("agent_tasks.id", "<", id)]),
      ]),
    );
  }
  const rows = await select.execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.id,
      monitor_id: row.monitor_id,
      monitor_name: row.monitor_name,
      check_type: row.check_type,
      target: row.target,
      state: row.state as AgentTaskState,
      planned_at: iso(Number(row.planned_at)),
      deadline_at: iso(Number(row.deadline_at)),
      dispatched_at: isoOrNull(row.dispatched_at),
      dispatch_count: Number(row.dispatch_count),
      started_at: isoOrNull(row.started_at),
      finished_at: isoOrNull(row.finished_at),
      result: readTaskResult(row.result),
      late_result: readTaskResult(row.late_result),
      late_at: isoOrNull(row.late_at),
      log: readTaskLog(row.log).map((entry) => ({
        at: iso(Number(entry.at)),
        message: entry.message,
      })),
    })),
    next_before: rows.length > query.limit && last ? `${Number(last.planned_at)}.${last.id}` : null,
    counts: await countsOf(ctx, agentId, since),
  };
}

async function countsOf(
  ctx: ServiceContext,
  agentId: string,
  since: number,
): Promise<TaskList["counts"]> {
  const rows = await ctx.db
    .selectFrom("agent_tasks")
    .select((eb) => ["state", eb.fn.countAll().as("n")])
    .where("agent_id", "=", agentId)
    .where("planned_at", ">=", since)
    .groupBy("state")
    .execute();
  const counts = Object.fromEntries(AGENT_TASK_STATES.map((state) => [state, 0])) as Record<
    AgentTaskState,
    number
  >;
  for (const row of rows) {
    if (row.state in counts) counts[row.state as AgentTaskState] = Number(row.n);
  }
  return counts;
}
