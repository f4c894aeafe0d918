import type {
  Agent,
  AgentDetail,
  AgentDownloadList,
  AgentMetrics,
  AgentRule,
  agentCreatedResponse,
  agentRuleListResponse,
} from "@upwatch/api";
import type { z } from "zod";

/** The shapes of the agents API, as the server's schemas define them. */
export type { Agent, AgentDetail, AgentMetrics, AgentRule };
export type AgentDownloads = AgentDownloadList;
export type AgentRuleList = z.infer<typeof agentRuleListResponse>;
export type AgentRuleTemplateView = AgentRuleList["templates"][number];
/** The agent and its new key, shown once. */
export type CreatedAgentKey = z.infer<typeof agentCreatedResponse>;
