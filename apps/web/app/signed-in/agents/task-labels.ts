import type { agentTaskListResponse, agentTaskResponse } from "@upwatch/api";
import { AGENT_TASK_STATES, type AgentTaskState } from "@upwatch/core";
import type { z } from "zod";
import { type CallInput, operationPath } from "../api-call.ts";
import { formatMs } from "../monitors/format.ts";
import { OP } from "../operation-routes.ts";

/** One proxied-check task as the agent's Tasks tab shows it. */
export type AgentTask = z.infer<typeof agentTaskResponse>;
/** A page of an agent's tasks, with the counts per state over the past 24 hours. */
export type AgentTaskPage = z.infer<typeof agentTaskListResponse>;

/** Each state's word and icon, so a state never relies on colour alone. */
export const TASK_STATES: Record<AgentTaskState, { label: string; icon: string }> = {
  pending: { label: "Pending", icon: "◷" },
  dispatched: { label: "Dispatched", icon: "→" },
  executing: { label: "Executing", icon: "↻" },
  completed: { label: "Completed", icon: "✔" },
  failed: { label: "Failed", icon: "✖" },
  timeout: { label: "Timeout", icon: "⊘" },
};

/** The state a `?state=` in the address names, or undefined for every state. */
export function taskStateFromParam(param: string | null): AgentTaskState | undefined {
  return (AGENT_TASK_STATES as readonly string[]).includes(param ?? "")
    ? (param as AgentTaskState)
    : undefined;
}

/** The API path of a page of an agent's tasks: one state or all, the newest or older ones. */
/** What asks for one page of an agent's tasks: one state or all, older than `before`. */
export function agentTasksInput(
  agentId: string,
  state: AgentTaskState | undefined,
  before: string | undefined,
  limit = 50,
): CallInput<"listAgentTasks"> {
  return { params: { id: agentId }, query: { limit, state, before } };
}

/** The address of that page in the API. */
export function agentTasksPath(
  agentId: string,
  state: AgentTaskState | undefined,
  before: string | undefined,
  limit = 50,
): string {
  return operationPath(OP.listAgentTasks, agentTasksInput(agentId, state, before, limit));
}

/** "Up, 42 ms", "Down, 503", "Down: connection refused"; null for a task still waiting. */
export function taskResultText(result: AgentTask["result"]): string | null {
  if (!result) return null;
  if (result.status === "up") {
    return result.response_time_ms === null ? "Up" : `Up, ${formatMs(result.response_time_ms)}`;
  }
  if (result.error) return `Down: ${result.error}`;
  return result.status_code === null ? "Down" : `Down, ${result.status_code}`;
}

/** "3 tasks in the past 24 hours": the sum of the counts, for the filters' All button. */
export function totalTaskCount(counts: AgentTaskPage["counts"]): number {
  return AGENT_TASK_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}
