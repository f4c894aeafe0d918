import {
  type AgentTaskState,
  agentTaskDeadline,
  CHECK_OPTION_SCHEMAS,
  type CheckSpec,
} from "@upwatch/core";
import { sealTaskSpec } from "../src/records/agent-task-spec.ts";
import type { ServiceContext } from "../src/services/context.ts";
import { createTestMonitor } from "./monitors.ts";

/** An HTTP monitor of the account that runs from the agent, failing after `failureThreshold` checks. */
export async function createAgentRunMonitor(
  ctx: ServiceContext,
  accountId: string,
  agentId: string,
  failureThreshold = 1,
): Promise<{ id: string; name: string; target: string }> {
  const monitor = await createTestMonitor(ctx, accountId, "business");
  await ctx.db
    .updateTable("monitors")
    .set({ run_from: "agent", agent_id: agentId, failure_threshold: failureThreshold })
    .where("id", "=", monitor.id)
    .execute();
  return { id: monitor.id, name: monitor.name, target: monitor.target };
}

let counter = 0;

/** A check task planned for the agent as the engine plans one, in the given state. */
export async function insertTestTask(
  ctx: ServiceContext,
  task: {
    accountId: string;
    agentId: string;
    monitorId: string;
    plannedAt: number;
    state?: AgentTaskState;
    timeoutMs?: number;
  },
): Promise<string> {
  counter += 1;
  const id = `tsk_test${counter}_${task.plannedAt}`;
  const timeoutMs = task.timeoutMs ?? 10_000;
  const spec: CheckSpec = {
    type: "http",
    target: "http://intranet.test/health",
    timeoutMs,
    options: CHECK_OPTION_SCHEMAS.http.parse({}),
  };
  await ctx.db
    .insertInto("agent_tasks")
    .values({
      id,
      account_id: task.accountId,
      agent_id: task.agentId,
      monitor_id: task.monitorId,
      planned_at: task.plannedAt,
      deadline_at: agentTaskDeadline(task.plannedAt, timeoutMs),
      state: task.state ?? "pending",
      check_type: "http",
      spec: sealTaskSpec(ctx.secrets, id, spec),
      created_at: task.plannedAt,
      dispatched_at: null,
      started_at: null,
      finished_at: null,
      result: null,
      late_result: null,
      late_at: null,
    })
    .execute();
  return id;
}
