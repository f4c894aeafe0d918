const TIMEOUT_MS = 20_000;

/** The server refused a submission; the message is the sentence to show the visitor. */
export class SubmissionRefused extends Error {
  override name = "SubmissionRefused";
}

/**
 * POSTs `body` as JSON and resolves with the answer's JSON object ({} when it has none).
 * A non-2xx answer throws SubmissionRefused with the server's `detail`, else `refusedMessage`;
 * a network failure or timeout rejects with the browser's own error.
 */
export async function postJson(
  url: string,
  body: Record<string, unknown>,
  refusedMessage: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data = await readJsonObject(response);
  if (!response.ok) throw new SubmissionRefused(textField(data, "detail") ?? refusedMessage);
  return data;
}

/** The non-empty string at `key`, if the answer has one. */
export function textField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** What to tell the visitor after a failure: the server's words, or `fallback` for anything else. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof SubmissionRefused ? error.message : fallback;
}

async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
