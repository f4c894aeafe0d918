import type { CheckType } from "../monitors.ts";
import { AGENT_POLL_SECONDS } from "./agent-settings.ts";

/**
 * A task's life: `pending` until a poll hands it out, `dispatched` once handed out, `executing`
 * once the agent confirms it started, then one of the three ends.
 */
export const AGENT_TASK_STATES = [
  "pending",
  "dispatched",
  "executing",
  "completed",
  "failed",
  "timeout",
] as const;
export type AgentTaskState = (typeof AGENT_TASK_STATES)[number];

/** The states a task ends in; nothing changes them afterwards (a late result is only noted). */
export const FINISHED_TASK_STATES = [
  "completed",
  "failed",
  "timeout",
] as const satisfies readonly AgentTaskState[];
/** The states a task is still waiting for its agent in. */
export const OPEN_TASK_STATES = [
  "pending",
  "dispatched",
  "executing",
] as const satisfies readonly AgentTaskState[];

export function isFinishedTaskState(state: AgentTaskState): boolean {
  return (FINISHED_TASK_STATES as readonly string[]).includes(state);
}

export function isOpenTaskState(state: string): boolean {
  return (OPEN_TASK_STATES as readonly string[]).includes(state);
}

/** The single-request check types an agent can run; multi-step checks stay on the server. */
export const PROXY_CHECK_TYPES = [
  "http",
  "keyword",
  "ping",
  "tcp",
  "dns",
  "ssl",
] as const satisfies readonly CheckType[];
export type ProxyCheckType = (typeof PROXY_CHECK_TYPES)[number];

export function isProxyCheckType(type: string): type is ProxyCheckType {
  return (PROXY_CHECK_TYPES as readonly string[]).includes(type);
}

/** What an agent-run check is stored under instead of a region. */
export const AGENT_CHECK_REGION = "agent";

/** Where a monitor's checks run from. */
export const RUN_FROM = ["regions", "agent"] as const;
export type RunFrom = (typeof RUN_FROM)[number];

export const AGENT_TASK_LIMITS = {
  /** Tasks one poll hands out at most; the rest wait for the next poll. */
  perPoll: 100,
  /** Refusals kept in a task's log. */
  logEntries: 20,
  /** How long finished tasks are kept for the Tasks tab. */
  keepMs: 24 * 3_600_000,
  /** A result may say what the agent saw in at most this many characters. */
  errorLength: 1000,
} as const;

/** Time allowed past the check's own timeout for the result to travel back. */
export const TASK_RESULT_GRACE_MS = 15_000;

/** How long after its planned time a task may still be handed out: two polls' worth. */
const COLLECT_WITHIN_MS = 2 * AGENT_POLL_SECONDS * 1000;

/**
 * When a task times out: two polls' worth of waiting for the agent to collect it (one may be
 * missed), the check's own timeout, and a margin for the result to travel back.
 */
export function agentTaskDeadline(plannedAt: number, timeoutMs: number): number {
  return plannedAt + COLLECT_WITHIN_MS + timeoutMs + TASK_RESULT_GRACE_MS;
}

/**
 * Whether a poll may still hand the task out: enough time must be left for the check to run
 * to its timeout and its result to arrive before the deadline.
 */
export function canStillDispatch(deadlineAt: number, timeoutMs: number, now: number): boolean {
  return deadlineAt - now >= timeoutMs + TASK_RESULT_GRACE_MS;
}

/**
 * The oldest planned time a poll may still hand out at `now`: for a task whose deadline is
 * agentTaskDeadline, canStillDispatch holds exactly when it was planned at or after this, so a
 * poll can filter in its query.
 */
export function oldestDispatchablePlannedAt(now: number): number {
  return now - COLLECT_WITHIN_MS;
}
