import { type AgentTaskResult, agentTaskResultSchema } from "@upwatch/api";
import type { z } from "zod";

/**
 * Reads a task's result: what the check found, or why it could not run. A body that is
 * neither gives a sentence naming the field, judged as the kind it looks like (a `failure`
 * field makes it a failure).
 */
export function validateTaskResult(
  body: unknown,
): { ok: true; result: AgentTaskResult } | { ok: false; sentence: string } {
  const parsed = agentTaskResultSchema.safeParse(body);
  if (parsed.success) return { ok: true, result: parsed.data };
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, sentence: "The result must be a JSON object." };
  }
  const [withOutcome, withFailure] = agentTaskResultSchema.options;
  const judged = ("failure" in body ? withFailure : withOutcome).safeParse(body);
  return { ok: false, sentence: describeIssue(judged.success ? parsed.error : judged.error) };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The result is not valid.";
  const field = issue.path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i ? "." : ""}${String(part)}`))
    .join("");
  if (issue.code === "unrecognized_keys") {
    const where = field ? ` in ${field}` : "";
    return `The result has unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${namedKeys(issue.keys)}; send started_at and outcome, or failure.`;
  }
  const reason = issue.message.charAt(0).toLowerCase() + issue.message.slice(1).replace(/\.$/, "");
  if (!field)
    return `The result is not valid (${reason}); send started_at and outcome, or failure.`;
  return `The result's ${field} is not valid (${reason}).`;
}

/** Keys named in a sentence: a few, each cut short, so a body of many keys is not echoed back. */
const NAMED_KEYS = 3;
const KEY_LENGTH = 40;

function namedKeys(keys: readonly string[]): string {
  const named = keys
    .slice(0, NAMED_KEYS)
    .map((key) => (key.length > KEY_LENGTH ? `${key.slice(0, KEY_LENGTH)}…` : key))
    .join(", ");
  return keys.length > NAMED_KEYS ? `${named} and ${keys.length - NAMED_KEYS} more` : named;
}
