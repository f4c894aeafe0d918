import type { FastifyInstance, FastifyReply } from "fastify";
import { alertState } from "../alerting/index.ts";
import { rateLimitByAddress } from "../http/rate-limits/limit-by-address.ts";
import { sendMessagePage } from "../pages/message-page.ts";
import { acknowledgeStoredAlert } from "../services/alerts/acknowledge-alert.ts";
import { type AlertPageFacts, findAlertByPageToken } from "../services/alerts/alert-page.ts";
import type { AlertingHooks } from "../services/alerts/alerting-hooks.ts";
import type { ServiceContext } from "../services/context.ts";

const HOME = { label: "Back to the home page", url: "/" };
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function resolvesWhen(alert: AlertPageFacts["alert"]): string {
  if (alert.agent_id !== null) return "the condition clears";
  if (alert.kind === "monitor-no-agent") {
    return "the monitor is changed or its agent can take its checks again";
  }
  return "the monitor recovers";
}

function describe({ alert }: AlertPageFacts): string {
  const opened = `${alert.severity.charAt(0).toUpperCase()}${alert.severity.slice(1)} alert opened ${utc(alert.opened_at)}: ${alert.message}`;
  const state = alertState(alert);
  if (state === "resolved") return `${opened} It was resolved ${utc(alert.resolved_at ?? 0)}.`;
  if (state === "acknowledged") {
    return `${opened} It was acknowledged ${utc(alert.acknowledged_at ?? 0)}, so no more notifications are sent; it resolves when ${resolvesWhen(alert)}.`;
  }
  return `${opened} ${alert.notifications_sent} notification${alert.notifications_sent === 1 ? "" : "s"} sent so far. Acknowledge it to stop further notifications on every channel.`;
}

/**
 * `/a/{token}`: the alert page linked from every notification. Opening it only shows the alert
 * (mail scanners open links); the button acknowledges it.
 */
export async function alertPageRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; hooks: AlertingHooks },
) {
  const { ctx, hooks } = options;
  const limit = rateLimitByAddress(app, { name: "alert-page", limit: 60, windowMs: 600_000 });
  const notFound = (reply: FastifyReply) =>
    sendMessagePage(reply, 404, {
      title: "Alert not found",
      message: "This link does not lead to an alert. Copy the whole address from the notification.",
      link: HOME,
    });

  app.get<{ Params: { token: string } }>(
    "/a/:token",
    { preHandler: limit },
    async (request, reply) => {
      const facts = await findAlertByPageToken(ctx, request.params.token);
      if (!facts) return notFound(reply);
      const open = alertState(facts.alert) === "open";
      return sendMessagePage(reply, 200, {
        title: `${facts.monitorName}: ${alertState(facts.alert)} alert`,
        message: describe(facts),
        ...(open ? { action: { label: "Acknowledge", url: `/a/${request.params.token}` } } : {}),
        link: HOME,
      });
    },
  );

  app.post<{ Params: { token: string } }>(
    "/a/:token",
    { preHandler: limit },
    async (request, reply) => {
      const facts = await findAlertByPageToken(ctx, request.params.token);
      if (!facts) return notFound(reply);
      if (facts.alert.state !== "resolved") await acknowledgeStoredAlert(ctx, hooks, facts.alert);
      const updated = await findAlertByPageToken(ctx, request.params.token);
      return sendMessagePage(reply, 200, {
        title: `${facts.monitorName}: ${alertState(updated?.alert ?? facts.alert)} alert`,
        message: describe(updated ?? facts),
        link: HOME,
      });
    },
  );
}
