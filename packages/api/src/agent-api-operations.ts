import { AGENT_POLL_SECONDS, AGENT_REPORT_LIMITS } from "@upwatch/core";
import type { z } from "zod";
import {
  agentReportAcceptedSchema,
  agentReportBatchSchema,
  agentTaskListSchema,
  agentWhoAmISchema,
} from "./agent-report-schemas.ts";
import {
  agentTaskResultAcceptedSchema,
  agentTaskResultSchema,
  agentTaskStartedSchema,
} from "./agent-task-schemas.ts";

/** One operation of the agent API: under `/agent/v1`, called with the agent's `uwa_` key. */
export interface AgentApiOperation {
  method: "GET" | "POST";
  /** The path below `/agent/v1`; `:name` marks a path parameter. */
  url: string;
  summary: string;
  body?: z.ZodType;
  response: z.ZodType;
  /** Answers besides 200, with what they mean. */
  errors: Record<string, string>;
}

const KEY_ERRORS = {
  "401": "The key is missing, unknown or revoked, or its agent was deleted",
  "403": "The account's plan has no agents",
  "429":
    "The agent sent more than 30 requests in a minute, or its address sent too many invalid keys; wait for Retry-After",
};

/** The agent API: what the agent program calls, documented in the server's OpenAPI document. */
export const AGENT_API_OPERATIONS = {
  postAgentReports: {
    method: "POST",
    url: "/reports",
    summary: `Send a batch of reports (at most ${AGENT_REPORT_LIMITS.reportsPerBatch}, oldest first); samples already stored are skipped and not counted in accepted`,
    body: agentReportBatchSchema,
    response: agentReportAcceptedSchema,
    errors: {
      "400":
        "The batch is not valid (the sentence names the field and report), the agent's clock is more than 5 minutes off, or a sample is newer than sent_at or more than 65 minutes older",
      ...KEY_ERRORS,
      "409": "The batch was already received; nothing was stored again",
      "413": `The body is larger than ${AGENT_REPORT_LIMITS.bodyBytes / 1024} KiB`,
      "415": "The body is not JSON",
    },
  },
  getAgentTasks: {
    method: "GET",
    url: "/tasks",
    summary: `Work for the agent, polled every ${AGENT_POLL_SECONDS} seconds: proxied checks (kind check) that are due, oldest first, each handed out until the agent says it started it; an agent skips task kinds it does not know`,
    response: agentTaskListSchema,
    errors: KEY_ERRORS,
  },
  postAgentTaskStarted: {
    method: "POST",
    url: "/tasks/:id/started",
    summary: "The agent is about to run the task: it becomes Executing and is not handed out again",
    response: agentTaskStartedSchema,
    errors: {
      ...KEY_ERRORS,
      "404": "No such task was given to this agent",
      "409": "The task already ended (completed, failed or timed out); do not run it",
    },
  },
  postAgentTaskResult: {
    method: "POST",
    url: "/tasks/:id/result",
    summary:
      "What the task's check found (outcome and started_at), or why the agent could not run it (failure); stored once",
    body: agentTaskResultSchema,
    response: agentTaskResultAcceptedSchema,
    errors: {
      "400": "The result is not valid; the sentence names the field",
      ...KEY_ERRORS,
      "404": "No such task was given to this agent",
      "409":
        "The task already has its result, or timed out (a late result is recorded on the task and changes nothing)",
      "415": "The body is not JSON",
    },
  },
  getAgentIdentity: {
    method: "GET",
    url: "/identity",
    summary: "Which agent the key belongs to, and the server's clock (ms since 1970)",
    response: agentWhoAmISchema,
    errors: KEY_ERRORS,
  },
} as const satisfies Record<string, AgentApiOperation>;
