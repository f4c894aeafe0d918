import { randomBytes } from "node:crypto";
import {
  type FakeChatWebhooks,
  isRecord,
  json,
  startFakeChatWebhooks,
} from "./fake-chat-webhooks.ts";

export type TeamsWebhookKind = "working" | "throttled" | "unauthorized" | "deleted";

const WORKFLOW_PATH =
  /^\/powerautomate\/automations\/direct\/workflows\/([0-9a-f]{32})\/triggers\/manual\/paths\/invoke$/;

const notFound = (message = "The workflow could not be found.") =>
  json(404, { error: { code: "WorkflowNotFound", message } });

/** What a Workflows trigger refuses in a Teams message with an Adaptive Card, or null. */
function teamsSchemaProblem(message: Record<string, unknown>, bytes: number): string | null {
  if (bytes > 28 * 1024) return "The message is larger than 28 KB.";
  if (message.type !== "message") return 'type must be "message".';
  const attachments = message.attachments;
  if (!Array.isArray(attachments) || attachments.length === 0) return "attachments is empty.";
  const [first] = attachments;
  if (!isRecord(first) || first.contentType !== "application/vnd.microsoft.card.adaptive") {
    return 'attachments[0].contentType must be "application/vnd.microsoft.card.adaptive".';
  }
  const card = first.content;
  if (!isRecord(card) || card.type !== "AdaptiveCard") {
    return 'content.type must be "AdaptiveCard".';
  }
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
export function startFakeTeamsWorkflows(): Promise<FakeChatWebhooks<TeamsWebhookKind>> {
  return startFakeChatWebhooks<TeamsWebhookKind>({
    urlWith: (base, sig) => {
      const workflow = randomBytes(16).toString("hex");
      return `${base}/powerautomate/automations/direct/workflows/${workflow}/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${sig}`;
    },
    secretIn: (url) =>
      WORKFLOW_PATH.test(url.pathname) && url.searchParams.get("api-version") === "1"
        ? (url.searchParams.get("sig") ?? "")
        : notFound(),
    refuse: (kind, url) => {
      if (kind === "deleted") {
        const workflow = WORKFLOW_PATH.exec(url.pathname)?.[1];
        return notFound(`The workflow '${workflow}' could not be found.`);
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
      return notFound();
    },
    problemWith: teamsSchemaProblem,
    badRequest: (problem) =>
      json(400, { error: { code: "TriggerInputSchemaMismatch", message: problem } }),
    took: () => ({ status: 202 }),
  });
}
