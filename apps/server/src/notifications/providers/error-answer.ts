import type { PostAnswer } from "@upwatch/checks";

/** A JSON answer's field, or undefined when the answer is not a JSON object or lacks it. */
export function answerField(answer: PostAnswer, field: string): unknown {
  try {
    const parsed: unknown = JSON.parse(answer.body);
    return typeof parsed === "object" && parsed !== null
      ? (parsed as Record<string, unknown>)[field]
      : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON answer's text field cut to 200 characters without its last full stop, or null. */
export function answerWords(answer: PostAnswer, field: string): string | null {
  const said = answerField(answer, field);
  return typeof said === "string" ? said.slice(0, 200).replace(/\.$/, "") : null;
}

/** A JSON error answer's code and message, as Google's and Microsoft's APIs write them. */
export interface ErrorAnswer {
  code: string | null;
  message: string | null;
}

/** Reads `{"error": {"code", "status", "message"}}`; both null for any other body. */
export function readErrorAnswer(body: string): ErrorAnswer {
  try {
    const parsed = JSON.parse(body) as {
      error?: { code?: unknown; status?: unknown; message?: unknown };
    };
    const error = parsed.error;
    if (!error || typeof error !== "object") return { code: null, message: null };
    const code = typeof error.status === "string" ? error.status : error.code;
    return {
      code: typeof code === "string" || typeof code === "number" ? String(code) : null,
      message: typeof error.message === "string" ? error.message.trim().slice(0, 200) : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/** " (RESOURCE_EXHAUSTED: Resource has been exhausted)", or "" when the answer says neither. */
export function saidInParentheses(body: string): string {
  const { code, message } = readErrorAnswer(body);
  return code || message ? ` (${[code, message].filter(Boolean).join(": ")})` : "";
}
