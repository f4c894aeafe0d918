import { testNetwork } from "@upwatch/checks/testing";
import { buildAgentAlertMessage } from "../src/alerting/agent-notification-message.ts";
import type { AgentFacts } from "../src/alerting/agent-subjects.ts";
import {
  buildAlertMessage,
  buildTestMessage,
  type MonitorFacts,
  type NotificationMessage,
} from "../src/alerting/index.ts";
import type { Delivery, ProviderDeps } from "../src/notifications/provider.ts";

export const OPENED = Date.UTC(2024, 10, 2, 9, 14, 27);
export const MINUTE = 60_000;
export const ALERT_URL = "https://upwatch.example.com/a/8fj2kQ0aZx1y";

/** The monitor of the help centre's examples: Checkout API - EU, down from eu-west-1. */
export const checkout: MonitorFacts = {
  id: "mon_7Hq2LxP9",
  account_id: "acc_1",
  plan: "hobby",
  name: "Checkout API - EU",
  type: "http",
  target: "https://api.example.com/health",
  region: "eu-west-1",
  down: true,
  consecutive_failures: 3,
};

type MonitorEvent =
  | "monitor.down"
  | "alert.escalated"
  | "monitor.up"
  | "alert.resolved"
  | "ssl.expiring";

/** The notifications of the help centre's example: Checkout API - EU going down at 09:14 UTC. */
export function checkoutMessage(
  event: MonitorEvent,
  options: { at?: number; number?: number | null; name?: string; problem?: string } = {},
): NotificationMessage {
  const ssl = event === "ssl.expiring";
  const over = event === "monitor.up" || event === "alert.resolved";
  return buildAlertMessage({
    event,
    at: options.at ?? (over ? OPENED + 23 * MINUTE : OPENED),
    monitor: {
      ...checkout,
      ...(options.name ? { name: options.name } : {}),
      ...(ssl ? { target: "shop.example.com", type: "ssl" } : {}),
    },
    alert: {
      id: "alt_3kV8wQ1z",
      severity: ssl ? "warning" : "critical",
      message:
        options.problem ??
        (ssl
          ? "SSL certificate for shop.example.com expires in 14 days (on 2024-11-16)."
          : "Expected status 200-299, got 503"),
      openedAt: OPENED,
    },
    check: ssl
      ? null
      : { checkedAt: OPENED, statusCode: 503, responseMs: 1240, region: "eu-west-1" },
    consecutiveFailures: over ? 0 : 3,
    number: over ? null : (options.number ?? 1),
    alertUrl: ALERT_URL,
  });
}

/** A monitor going down whose every fact is thousands of 4-byte characters long. */
export function oversizedMessage(): NotificationMessage {
  const huge = "💥".repeat(3000);
  const message = checkoutMessage("monitor.down", { name: huge, problem: huge });
  if ("monitor" in message.payload) {
    message.payload.monitor.url = huge;
    message.payload.monitor.type = huge;
    message.payload.metadata.region = huge;
    message.payload.metadata.regions = [huge];
  }
  return message;
}

/** The agent of the help centre's examples: db-primary, a Linux host. */
export const dbPrimary: AgentFacts = {
  id: "agt_1",
  account_id: "acc_1",
  plan: "business",
  name: "db-primary",
  hostname: "db1.internal",
  os: "linux",
  offline: false,
  offline_after_minutes: 5,
};

/** An agent's disk rule firing: db-primary has 12% free on / (under 15%). */
export function diskAlertMessage(): NotificationMessage {
  return buildAgentAlertMessage({
    event: "agent.alert",
    at: OPENED,
    agent: dbPrimary,
    alert: {
      id: "alt_1",
      kind: "agent-disk",
      severity: "warning",
      message: "Disk / on db-primary has 12% free (under 15%).",
      openedAt: OPENED,
      dedupeKey: "rule:arl_9:/",
    },
    summary: "Disk / on db-primary has 12% free (under 15%)",
    reading: { value: 12, threshold: 15 },
    number: 1,
    alertUrl: ALERT_URL,
  });
}

/** A test notification for a channel with this name. */
export function testMessage(channelName: string): NotificationMessage {
  return buildTestMessage(OPENED, channelName);
}

/**
 * One delivery of `message` to a channel posting to `url`, or with these settings; the alert is
 * the message's own (none for a test).
 */
export function deliveryTo(
  urlOrConfig: string | Record<string, string>,
  event: Delivery["event"],
  message: NotificationMessage,
): Delivery {
  const config = typeof urlOrConfig === "string" ? { url: urlOrConfig } : urlOrConfig;
  return {
    id: "msg_test",
    event,
    alertId: event === "test" ? null : message.payload.alert.id,
    message,
    channel: { id: "chn_test", name: "Ops", config, secret: null },
  };
}

/** What a provider needs, on a network that allows loopback unless told otherwise. */
export function providerDeps(network = testNetwork()): ProviderDeps {
  return { network, client: undefined, now: () => OPENED, timeoutMs: 5_000 };
}
