import { randomInt } from "node:crypto";
import {
  characters,
  type FakeChatWebhooks,
  json,
  startFakeChatWebhooks,
} from "./fake-chat-webhooks.ts";

export type DiscordWebhookKind = "working" | "rate-limited" | "deleted";

const WEBHOOK_PATH = /^\/api\/webhooks\/(\d+)\/([\w-]+)$/;
const unknownWebhook = () => json(404, { message: "Unknown Webhook", code: 10015 });

/** Why an execute-webhook body breaks Discord's documented rules, or null when it keeps them. */
function discordBodyProblem(body: Record<string, unknown>): string | null {
  const { content, embeds } = body;
  if (content !== undefined && (typeof content !== "string" || characters(content) > 2000)) {
    return "content must be a string of at most 2000 characters";
  }
  if (embeds !== undefined && (!Array.isArray(embeds) || embeds.length > 10)) {
    return "embeds must be an array of at most 10";
  }
  if (!content && !(Array.isArray(embeds) && embeds.length > 0)) {
    return "Cannot send an empty message";
  }
  let total = 0;
  for (const embed of (embeds ?? []) as Array<Record<string, unknown>>) {
    const footer = embed.footer as { text?: unknown } | undefined;
    const fields = (embed.fields ?? []) as Array<Record<string, unknown>>;
    const color = embed.color;
    if (characters(embed.title) > 256) return "embed title must be at most 256 characters";
    if (characters(embed.description) > 4096) return "embed description must be at most 4096";
    if (!Array.isArray(fields) || fields.length > 25) return "an embed has at most 25 fields";
    if (footer && characters(footer.text) > 2048) return "footer text must be at most 2048";
    if (color !== undefined && !(Number.isInteger(color) && Number(color) <= 0xffffff)) {
      return "color must be an integer from 0 to 0xFFFFFF";
    }
    if (embed.timestamp !== undefined && Number.isNaN(Date.parse(String(embed.timestamp)))) {
      return "timestamp must be ISO 8601";
    }
    for (const field of fields) {
      if (characters(field.name) < 1 || characters(field.name) > 256) {
        return "a field's name has 1 to 256 characters";
      }
      if (characters(field.value) < 1 || characters(field.value) > 1024) {
        return "a field's value has 1 to 1024 characters";
      }
    }
    total +=
      characters(embed.title) +
      characters(embed.description) +
      characters(footer?.text) +
      fields.reduce((sum, field) => sum + characters(field.name) + characters(field.value), 0);
  }
  return total > 6000 ? "embeds must hold at most 6000 characters in all" : null;
}

/**
 * A fake of Discord's execute webhook: POST /api/webhooks/{id}/{token} with a JSON body kept to
 * Discord's limits answers 204 No Content; an unknown or deleted webhook 404 (code 10015), a
 * body over the limits 400 Invalid Form Body (code 50035), and a rate-limited one 429 with
 * retry_after.
 */
export function startFakeDiscord(): Promise<FakeChatWebhooks<DiscordWebhookKind>> {
  return startFakeChatWebhooks<DiscordWebhookKind>({
    urlWith: (base, token) => `${base}/api/webhooks/${randomInt(1e12, 1e13)}/${token}`,
    secretIn: (url) => WEBHOOK_PATH.exec(url.pathname)?.[2] ?? unknownWebhook(),
    refuse: (kind) =>
      kind === "rate-limited"
        ? json(429, { message: "You are being rate limited.", retry_after: 1.5, global: false })
        : unknownWebhook(),
    problemWith: discordBodyProblem,
    badRequest: () => json(400, { message: "Invalid Form Body", code: 50035 }),
    took: () => ({ status: 204 }),
  });
}
