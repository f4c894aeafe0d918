import { randomBytes } from "node:crypto";
import { type ReceivedRequest, type Receiver, startReceiver } from "./receivers.ts";

type Answer = { status: number; body?: string };

/** A fake of a chat service's webhook API, with the URLs it hands out. */
export interface FakeChatWebhooks<Kind extends string> extends Receiver {
  /** A webhook URL that answers as `kind` says: "working", or one of the service's refusals. */
  urlFor(kind: Kind): string;
  /** The JSON bodies of the requests the fake accepted, in order. */
  accepted: unknown[];
}

const json = (status: number, body: object): Answer => ({ status, body: JSON.stringify(body) });

/** Why a request is not the documented POST of JSON, or null when it is. */
function notJsonPost(request: ReceivedRequest): string | null {
  if (request.method !== "POST") return `The method must be POST, not ${request.method}.`;
  if (!/^application\/json\b/.test(request.headers["content-type"] ?? "")) {
    return "The content type must be application/json.";
  }
  try {
    JSON.parse(request.body);
    return null;
  } catch {
    return "The body is not JSON.";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a Workflows trigger refuses in a Teams message with an Adaptive Card, or null. */
function teamsSchemaProblem(message: unknown, bytes: number): string | null {
  if (bytes > 28 * 1024) return "The message is larger than 28 KB.";
  if (!isRecord(message) || message.type !== "message") return 'type must be "message".';
  const attachments = message.attachments;
  if (!Array.isArray(attachments) || attachments.length === 0) return "attachments is empty.";
  const [first] = attachments;
  if (!isRecord(first) || first.contentType !== "application/vnd.microsoft.card.adaptive") {
    return 'attachments[0].contentType must be "application/vnd.microsoft.card.adaptive".';
  }
  const card = first.content;
  if (!isRecord(card) || card.type !== "AdaptiveCard")
    return 'content.type must be "AdaptiveCard".';
  if (typeof card.version !== "string" || !/^1\.[0-5]$/.test(card.version)) {
    return "content.version must be an Adaptive Card version Teams renders (1.0 to 1.5).";
  }
  if (!Array.isArray(card.body) || card.body.length === 0) return "content.body is empty.";
  return null;
}

/**
 * Power Automate's "When a Teams webhook request is received" trigger: POST of JSON to
 * /powerautomate/automations/direct/workflows/{id}/triggers/manual/paths/invoke with the
 * api-version, sp, sv and sig query; 202 Accepted and no body for a message it takes, or the
 * platform's `{"error": {"code", "message"}}` with 400, 401, 404 or 429.
 */
export async function startFakeTeamsWorkflows(): Promise<
  FakeChatWebhooks<"working" | "throttled" | "unauthorized" | "deleted">
> {
  const accepted: unknown[] = [];
  const signatures = new Map<string, string>();
  const receiver = await startReceiver((request): Answer => {
    const url = new URL(request.path, "http://fake");
    const match =
      /^\/powerautomate\/automations\/direct\/workflows\/([0-9a-f]{32})\/triggers\/manual\/paths\/invoke$/.exec(
        url.pathname,
      );
    const kind = match ? signatures.get(url.searchParams.get("sig") ?? "") : undefined;
    if (!match || !kind || url.searchParams.get("api-version") !== "1") {
      return json(404, {
        error: { code: "WorkflowNotFound", message: "The workflow could not be found." },
      });
    }
    if (kind === "deleted") {
      return json(404, {
        error: {
          code: "WorkflowNotFound",
          message: `The workflow '${match[1]}' could not be found.`,
        },
      });
    }
    if (kind === "unauthorized") {
      return json(401, {
        error: {
          code: "DirectApiAuthorizationRequired",
          message: "The request must be authenticated.",
        },
      });
    }
    if (kind === "throttled") {
      return json(429, {
        error: {
          code: "WorkflowTriggerIsThrottled",
          message: "The workflow trigger is throttled; retry after 30 seconds.",
        },
      });
    }
    const problem =
      notJsonPost(request) ??
      teamsSchemaProblem(JSON.parse(request.body), Buffer.byteLength(request.body));
    if (problem)
      return json(400, { error: { code: "TriggerInputSchemaMismatch", message: problem } });
    accepted.push(JSON.parse(request.body));
    return { status: 202 };
  });
  return {
    ...receiver,
    accepted,
    urlFor: (kind) => {
      const sig = randomBytes(16).toString("base64url");
      signatures.set(sig, kind);
      const workflow = randomBytes(16).toString("hex");
      return `${receiver.url}/powerautomate/automations/direct/workflows/${workflow}/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}`;
    },
  };
}

/** What Google Chat refuses in an incoming webhook's message, or null. */
function googleChatSchemaProblem(message: unknown, bytes: number): string | null {
  if (bytes > 32_000) return "Message is larger than 32,000 bytes.";
  if (!isRecord(message)) return "Invalid JSON payload received.";
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
export async function startFakeGoogleChat(): Promise<
  FakeChatWebhooks<"working" | "rate-limited" | "revoked">
> {
  const accepted: unknown[] = [];
  const tokens = new Map<string, string>();
  const googleError = (code: number, status: string, message: string) =>
    json(code, { error: { code, message, status } });
  let count = 0;
  const receiver = await startReceiver((request): Answer => {
    const url = new URL(request.path, "http://fake");
    const match = /^\/v1\/spaces\/([A-Za-z0-9_-]{11})\/messages$/.exec(url.pathname);
    if (!match) return googleError(404, "NOT_FOUND", "Requested entity was not found.");
    const kind = tokens.get(url.searchParams.get("token") ?? "");
    if (!url.searchParams.get("key") || !kind) {
      return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    }
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
    const problem =
      notJsonPost(request) ??
      googleChatSchemaProblem(JSON.parse(request.body), Buffer.byteLength(request.body));
    if (problem) return googleError(400, "INVALID_ARGUMENT", problem);
    const message = JSON.parse(request.body) as Record<string, unknown>;
    accepted.push(message);
    count += 1;
    const space = `spaces/${match[1]}`;
    return json(200, {
      name: `${space}/messages/msg${count}.msg${count}`,
      sender: { name: "users/114022495153014004089", displayName: "Upwatch", type: "BOT" },
      createTime: new Date().toISOString(),
      space: { name: space, type: "ROOM", spaceType: "SPACE" },
      ...message,
    });
  });
  return {
    ...receiver,
    accepted,
    urlFor: (kind) => {
      const token = randomBytes(24).toString("base64url");
      tokens.set(token, kind);
      const space = `AAAA${randomBytes(6).toString("base64url").slice(0, 7)}`;
      return `${receiver.url}/v1/spaces/${space}/messages?key=test-api-key&token=${token}`;
    },
  };
}
