import { randomBytes } from "node:crypto";
import {
  type FakeChatWebhooks,
  isRecord,
  json,
  startFakeChatWebhooks,
} from "./fake-chat-webhooks.ts";

export type GoogleChatWebhookKind = "working" | "rate-limited" | "revoked";

const SPACE_PATH = /^\/v1\/spaces\/([A-Za-z0-9_-]{11})\/messages$/;

const googleError = (code: number, status: string, message: string) =>
  json(code, { error: { code, message, status } });

/** What Google Chat refuses in an incoming webhook's message, or null. */
function googleChatSchemaProblem(message: Record<string, unknown>, bytes: number): string | null {
  if (bytes > 32_000) return "Message is larger than 32,000 bytes.";
  const { text, cardsV2 } = message;
  if (text === undefined && cardsV2 === undefined) return "Message cannot be empty.";
  if (text !== undefined && (typeof text !== "string" || Array.from(text).length > 4096)) {
    return "Message text is longer than 4,096 characters.";
  }
  if (cardsV2 === undefined) return null;
  if (!Array.isArray(cardsV2)) return "cardsV2 must be a list.";
  for (const entry of cardsV2) {
    if (!isRecord(entry) || !isRecord(entry.card)) return "cardsV2[].card is required.";
    const sections = entry.card.sections;
    if (!Array.isArray(sections) || sections.length === 0) return "A card needs a section.";
    let widgets = 0;
    for (const section of sections) {
      if (!isRecord(section) || !Array.isArray(section.widgets) || section.widgets.length === 0) {
        return "Every section needs a widget.";
      }
      widgets += section.widgets.length;
    }
    if (widgets > 100) return "A card holds at most 100 widgets.";
  }
  return null;
}

/**
 * Google Chat's incoming webhooks: POST of JSON to /v1/spaces/{space}/messages?key=...&token=...;
 * 200 with the created message as JSON, or Google's `{"error": {"code", "message", "status"}}`.
 */
export function startFakeGoogleChat(): Promise<FakeChatWebhooks<GoogleChatWebhookKind>> {
  let count = 0;
  return startFakeChatWebhooks<GoogleChatWebhookKind>({
    urlWith: (base, token) => {
      const space = `AAAA${randomBytes(6).toString("base64url").slice(0, 7)}`;
      return `${base}/v1/spaces/${space}/messages?key=test-api-key&token=${token}`;
    },
    secretIn: (url) => {
      if (!SPACE_PATH.test(url.pathname)) {
        return googleError(404, "NOT_FOUND", "Requested entity was not found.");
      }
      return url.searchParams.get("key") ? (url.searchParams.get("token") ?? "") : "";
    },
    refuse: (kind) => {
      if (kind === "revoked") {
        return googleError(403, "PERMISSION_DENIED", "The caller does not have permission");
      }
      if (kind === "rate-limited") {
        return googleError(
          429,
          "RESOURCE_EXHAUSTED",
          "Resource has been exhausted (e.g. check quota).",
        );
      }
      return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    },
    problemWith: googleChatSchemaProblem,
    badRequest: (problem) => googleError(400, "INVALID_ARGUMENT", problem),
    took: (message, url) => {
      count += 1;
      const space = `spaces/${SPACE_PATH.exec(url.pathname)?.[1]}`;
      return json(200, {
        name: `${space}/messages/msg${count}.msg${count}`,
        sender: { name: "users/114022495153014004089", displayName: "Upwatch", type: "BOT" },
        createTime: new Date().toISOString(),
        space: { name: space, type: "ROOM", spaceType: "SPACE" },
        ...message,
      });
    },
  });
}
