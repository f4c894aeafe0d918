import { type AgentCheckTask, agentCheckTaskSchema } from "@upwatch/api";
import {
  AGENT_TASK_LIMITS,
  type CheckSpecOf,
  isProxyCheckType,
  PROXY_CHECK_TYPES,
  type ProxyCheckType,
} from "@upwatch/core";
import { AGENT_VERSION } from "../version.ts";

/** A check task this agent can run. */
export type ProxyCheckTask = AgentCheckTask & { check: CheckSpecOf<ProxyCheckType> };

/** What to do with a task a poll handed out. */
export type TaskReading =
  | { kind: "run"; task: ProxyCheckTask }
  /** Report `failure` instead of running it; `deadlineAt` is null when the task had none. */
  | { kind: "refuse"; id: string; deadlineAt: number | null; failure: string }
  /** Without a usable id there is nobody to tell. */
  | { kind: "unreadable" };

type TaskProblems = NonNullable<ReturnType<typeof agentCheckTaskSchema.safeParse>["error"]>;

const ISSUES_NAMED = 3;

/** Validates a task against the contract and says whether this agent can run its check. */
export function readCheckTask(raw: unknown): TaskReading {
  const fields = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const id = fields.id;
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return { kind: "unreadable" };
  const deadlineAt = typeof fields.deadline_at === "number" ? fields.deadline_at : null;
  const type = (fields.check as { type?: unknown } | null | undefined)?.type;
  if (typeof type === "string" && !isProxyCheckType(type)) {
    return { kind: "refuse", id, deadlineAt, failure: unsupportedSentence(type) };
  }
  const parsed = agentCheckTaskSchema.safeParse(raw);
  if (!parsed.success) {
    return { kind: "refuse", id, deadlineAt, failure: malformedSentence(parsed.error) };
  }
  return { kind: "run", task: parsed.data as ProxyCheckTask };
}

function unsupportedSentence(type: string): string {
  const runs = `${PROXY_CHECK_TYPES.slice(0, -1).join(", ")} and ${PROXY_CHECK_TYPES.at(-1)}`;
  return clamp(
    `Agent ${AGENT_VERSION} does not run ${type.slice(0, 100).replaceAll("_", "-")} checks; it runs ${runs} checks.`,
  );
}

function malformedSentence(error: TaskProblems): string {
  const named = error.issues.slice(0, ISSUES_NAMED).map((issue) => {
    const path = issue.path.map(String).join(".") || "the task";
    return `${path}: ${issue.message.replace(/\.$/, "")}`;
  });
  const more = error.issues.length - named.length;
  return clamp(
    `The agent could not read the task, so it did not run it: ${named.join("; ")}${more > 0 ? ` (and ${more} more)` : ""}.`,
  );
}

function clamp(sentence: string): string {
  const max = AGENT_TASK_LIMITS.errorLength;
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1)}…`;
}
