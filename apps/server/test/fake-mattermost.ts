import {
  characters,
  type FakeChatWebhooks,
  json,
  startFakeChatWebhooks,
} from "./fake-chat-webhooks.ts";

export type MattermostWebhookKind = "working" | "rate-limited" | "deleted";

const HOOK_PATH = /^\/hooks\/([a-z0-9]{26})$/;
const invalidWebhook = () =>
  json(400, {
    id: "web.incoming_webhook.invalid.app_error",
    message: "Invalid webhook.",
    detailed_error: "",
    status_code: 400,
  });

/** Why an incoming-webhook body breaks Mattermost's documented shape, or null when it keeps it. */
function mattermostBodyProblem(body: Record<string, unknown>): string | null {
  const { text, attachments } = body;
  if (text !== undefined && typeof text !== "string") return "text must be a string";
  if (attachments !== undefined && !Array.isArray(attachments)) {
    return "attachments must be an array";
  }
  if (!text && !(Array.isArray(attachments) && attachments.length > 0)) return "No text specified.";
  if (characters(text) > 16383) return "text must be at most 16383 characters";
  let total = 0;
  for (const attachment of (attachments ?? []) as Array<Record<string, unknown>>) {
    if (typeof attachment.fallback !== "string" || !attachment.fallback) {
      return "an attachment needs its plain-text fallback";
    }
    if (attachment.color !== undefined && !/^#[0-9a-f]{6}$/i.test(String(attachment.color))) {
      return "color must be a hex colour code";
    }
    for (const field of (attachment.fields ?? []) as Array<Record<string, unknown>>) {
      if (typeof field.title !== "string" || typeof field.short !== "boolean") {
        return "each field has a title and a short flag";
      }
    }
    total += JSON.stringify(attachment).length;
  }
  return total > 7900 ? "Maximum attachments length is 7900 characters" : null;
}

/**
 * A fake of a Mattermost incoming webhook: POST /hooks/{26-character id} with `text` and/or
 * `attachments` answers 200 "ok"; an unknown or deleted hook or a bad body 400 with
 * Mattermost's error JSON, and a rate-limited one 429 "limit exceeded", as a server with rate
 * limiting on does.
 */
export function startFakeMattermost(): Promise<FakeChatWebhooks<MattermostWebhookKind>> {
  return startFakeChatWebhooks<MattermostWebhookKind>({
    urlWith: (base, id) => `${base}/hooks/${id}`,
    secretIn: (url) => HOOK_PATH.exec(url.pathname)?.[1] ?? invalidWebhook(),
    refuse: (kind) =>
      kind === "rate-limited" ? { status: 429, body: "limit exceeded\n" } : invalidWebhook(),
    problemWith: mattermostBodyProblem,
    badRequest: (problem) =>
      json(400, { id: "web.incoming_webhook.parse.app_error", message: problem, status_code: 400 }),
    took: () => ({ status: 200, body: "ok" }),
  });
}
