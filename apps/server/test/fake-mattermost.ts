import { characters, type FakeChatService, startFakeJsonWebhook } from "./fake-json-webhook.ts";

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

/** The hook id the fake answers 429 for, as a server with rate limiting on does. */
export const RATE_LIMITED_HOOK = "ratelimitedratelimitedrate";

/**
 * A fake of a Mattermost incoming webhook: POST /hooks/{26-character id} with `text` and/or
 * `attachments` answers 200 "ok"; an unknown hook or a bad body 400 with Mattermost's error
 * JSON, and RATE_LIMITED_HOOK 429 "limit exceeded".
 */
export function startFakeMattermost(): Promise<FakeChatService> {
  return startFakeJsonWebhook((path, body) => {
    const match = /^\/hooks\/([a-z0-9]{26})$/.exec(path);
    if (!match) {
      return {
        status: 400,
        json: {
          id: "web.incoming_webhook.invalid.app_error",
          message: "Invalid webhook.",
          detailed_error: "",
          status_code: 400,
        },
      };
    }
    if (match[1] === RATE_LIMITED_HOOK) return { status: 429, text: "limit exceeded\n" };
    const problem = mattermostBodyProblem(body);
    if (problem) {
      return {
        status: 400,
        json: { id: "web.incoming_webhook.parse.app_error", message: problem, status_code: 400 },
        problem,
      };
    }
    return { status: 200, text: "ok" };
  });
}
