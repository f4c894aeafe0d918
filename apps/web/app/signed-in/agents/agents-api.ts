import { queryOptions } from "@tanstack/react-query";
import { AGENT_METRICS_RANGES, type AgentMetricsRange } from "@upwatch/api";
import type {
  AgentOs,
  AgentRuleKind,
  AgentStatus,
  AgentTaskState,
  AlertSeverity,
} from "@upwatch/core";
import { type BodyOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import type {
  Agent,
  AgentDetail,
  AgentDownloads,
  AgentMetrics,
  AgentRule,
  AgentRuleList,
  CreatedAgentKey,
} from "./agent-types.ts";
import { agentTasksInput } from "./task-labels.ts";

export type {
  Agent,
  AgentDetail,
  AgentDownloads,
  AgentMetrics,
  AgentOs,
  AgentRule,
  AgentRuleKind,
  AgentRuleList,
  AgentStatus,
  AlertSeverity,
  CreatedAgentKey,
};

/** The chart ranges: the first three from raw samples, the others from half-hour rollups. */
export const AGENT_METRIC_RANGES = AGENT_METRICS_RANGES;
export type AgentMetricRange = AgentMetricsRange;

/** How often an agent's page and the list read their data again while shown. */
export const AGENT_REFRESH_MS = 30_000;

/** The cache's keys: everything about one agent sits under `["agent", id]`. */
export const agentKeys = {
  list: ["agents"] as const,
  downloads: ["agent-downloads"] as const,
  agent: (id: string) => ["agent", id] as const,
  detail: (id: string) => ["agent", id, "detail"] as const,
  metrics: (id: string, range: AgentMetricRange) => ["agent", id, "metrics", range] as const,
  rules: (id: string) => ["agent", id, "rules"] as const,
  alerts: (id: string) => ["agent", id, "alerts"] as const,
  tasks: (id: string, state: AgentTaskState | undefined, before: string | undefined) =>
    ["agent", id, "tasks", state ?? "all", before ?? "newest"] as const,
};

export const agentsQuery = () =>
  queryOptions({
    queryKey: agentKeys.list,
    queryFn: () => call(OP.listAgents),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: () => call(OP.getAgent, { params: { id } }),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentMetricsQuery = (id: string, range: AgentMetricRange) =>
  queryOptions({
    queryKey: agentKeys.metrics(id, range),
    queryFn: () => call(OP.getAgentMetrics, { params: { id }, query: { range } }),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentRulesQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.rules(id),
    queryFn: () => call(OP.listAgentRules, { params: { id } }),
  });

/** The agent's alerts, newest first: the open ones and the latest resolved. */
export const agentAlertsQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.alerts(id),
    queryFn: () => call(OP.listAlerts, { query: { agent_id: id, limit: 50 } }),
    refetchInterval: AGENT_REFRESH_MS,
  });

/** Tasks are read more often than the rest: a poll moves them along within seconds. */
export const AGENT_TASKS_REFRESH_MS = 10_000;

/** One page of an agent's tasks, newest first: one state or all, older than `before`. */
export const agentTasksQuery = (
  id: string,
  state: AgentTaskState | undefined,
  before: string | undefined,
) =>
  queryOptions({
    queryKey: agentKeys.tasks(id, state, before),
    queryFn: () => call(OP.listAgentTasks, agentTasksInput(id, state, before)),
    refetchInterval: AGENT_TASKS_REFRESH_MS,
  });

export const agentDownloadsQuery = () =>
  queryOptions({
    queryKey: agentKeys.downloads,
    queryFn: () => call(OP.listAgentDownloads),
  });

export function createAgent(fields: BodyOf<"createAgent">): Promise<CreatedAgentKey> {
  return call(OP.createAgent, { body: fields });
}

export function updateAgent(id: string, fields: BodyOf<"updateAgent">): Promise<Agent> {
  return call(OP.updateAgent, { params: { id }, body: fields });
}

export function deleteAgent(id: string): Promise<void> {
  return call(OP.deleteAgent, { params: { id } });
}

export function replaceAgentKey(id: string): Promise<CreatedAgentKey> {
  return call(OP.issueAgentKey, { params: { id } });
}

export function revokeAgentKey(id: string): Promise<Agent> {
  return call(OP.revokeAgentKey, { params: { id } });
}

/** The fields a rule is added or changed with; absent ones take the template's values. */
export type RuleFields = BodyOf<"createAgentRule">;

export function createAgentRule(id: string, fields: RuleFields): Promise<AgentRule> {
  return call(OP.createAgentRule, { params: { id }, body: fields });
}

export function updateAgentRule(id: string, ruleId: string, changes: BodyOf<"updateAgentRule">) {
  return call(OP.updateAgentRule, { params: { id, ruleId }, body: changes });
}

export function deleteAgentRule(id: string, ruleId: string): Promise<void> {
  return call(OP.deleteAgentRule, { params: { id, ruleId } });
}
