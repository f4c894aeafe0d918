import { queryOptions } from "@tanstack/react-query";
import { AGENT_METRICS_RANGES, type AgentMetricsRange, type AlertPage } from "@upwatch/api";
import type {
  AgentOs,
  AgentRuleKind,
  AgentStatus,
  AgentTaskState,
  AlertSeverity,
} from "@upwatch/core";
import { apiRequest } from "../api-client.ts";
import type {
  Agent,
  AgentDetail,
  AgentDownloads,
  AgentMetrics,
  AgentRule,
  AgentRuleList,
  CreatedAgentKey,
} from "./agent-types.ts";
import { type AgentTaskPage, agentTasksPath } from "./task-labels.ts";

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

/** The path of an agent (and of what is under it) in the API. */
export const agentPath = (id: string, rest = "") => `/agents/${encodeURIComponent(id)}${rest}`;

export const agentsQuery = () =>
  queryOptions({
    queryKey: agentKeys.list,
    queryFn: () => apiRequest<{ data: Agent[] }>("GET", "/agents"),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: () => apiRequest<AgentDetail>("GET", agentPath(id)),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentMetricsQuery = (id: string, range: AgentMetricRange) =>
  queryOptions({
    queryKey: agentKeys.metrics(id, range),
    queryFn: () => apiRequest<AgentMetrics>("GET", agentPath(id, `/metrics?range=${range}`)),
    refetchInterval: AGENT_REFRESH_MS,
  });

export const agentRulesQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.rules(id),
    queryFn: () => apiRequest<AgentRuleList>("GET", agentPath(id, "/alert-rules")),
  });

/** The agent's alerts, newest first: the open ones and the latest resolved. */
export const agentAlertsQuery = (id: string) =>
  queryOptions({
    queryKey: agentKeys.alerts(id),
    queryFn: () =>
      apiRequest<AlertPage>("GET", `/alerts?${new URLSearchParams({ agent_id: id, limit: "50" })}`),
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
    queryFn: () => apiRequest<AgentTaskPage>("GET", agentTasksPath(id, state, before)),
    refetchInterval: AGENT_TASKS_REFRESH_MS,
  });

export const agentDownloadsQuery = () =>
  queryOptions({
    queryKey: agentKeys.downloads,
    queryFn: () => apiRequest<AgentDownloads>("GET", "/agents/downloads"),
  });

/** The fields an agent is added or changed with. */
export interface AgentFields {
  name?: string;
  os?: AgentOs;
  offline_after_minutes?: number;
  channel_ids?: string[];
}

export function createAgent(fields: AgentFields): Promise<CreatedAgentKey> {
  return apiRequest<CreatedAgentKey>("POST", "/agents", fields);
}

export function updateAgent(id: string, fields: AgentFields): Promise<Agent> {
  return apiRequest<Agent>("PATCH", agentPath(id), fields);
}

export function deleteAgent(id: string): Promise<void> {
  return apiRequest<void>("DELETE", agentPath(id));
}

export function replaceAgentKey(id: string): Promise<CreatedAgentKey> {
  return apiRequest<CreatedAgentKey>("POST", agentPath(id, "/key"));
}

export function revokeAgentKey(id: string): Promise<Agent> {
  return apiRequest<Agent>("DELETE", agentPath(id, "/key"));
}

/** The fields a rule is added or changed with; absent ones take the template's values. */
export interface RuleFields {
  kind?: AgentRuleKind;
  threshold?: number;
  duration_minutes?: number;
  severity?: AlertSeverity;
  disks?: string[] | null;
  services?: string[] | null;
}

export function createAgentRule(id: string, fields: RuleFields): Promise<AgentRule> {
  return apiRequest<AgentRule>("POST", agentPath(id, "/alert-rules"), fields);
}

export function updateAgentRule(id: string, ruleId: string, fields: RuleFields) {
  return apiRequest<AgentRule>(
    "PATCH",
    agentPath(id, `/alert-rules/${encodeURIComponent(ruleId)}`),
    fields,
  );
}

export function deleteAgentRule(id: string, ruleId: string): Promise<void> {
  return apiRequest<void>("DELETE", agentPath(id, `/alert-rules/${encodeURIComponent(ruleId)}`));
}
