import { describe, expect, it } from "vitest";
import { buildAlertMessage, type MonitorFacts } from "../../alerting/index.ts";
import { emailBody, emailSubject } from "./email.ts";
import { slackText } from "./slack.ts";
import { alertSms } from "./sms.ts";

const AT = Date.UTC(2026, 10, 24, 9, 14, 27);
const URL = "https://upwatch.example.com/a/8fj2kQ0aZx1y";
const monitor: MonitorFacts = {
  id: "mon_intranet",
  account_id: "acc_1",
  plan: "business",
  name: "Intranet",
  type: "http",
  target: "http://10.0.0.5/health",
  region: "us-west-1",
  down: true,
  consecutive_failures: 2,
  agent_name: "db-primary",
};

const down = buildAlertMessage({
  event: "monitor.down",
  at: AT,
  monitor,
  alert: {
    id: "alt_1",
    severity: "critical",
    message: "Expected status 200-299, got 503. Failed from agent db-primary.",
    openedAt: AT,
  },
  check: { checkedAt: AT, statusCode: 503, responseMs: 80, region: "agent" },
  consecutiveFailures: 2,
  number: 1,
  alertUrl: URL,
});

const noAgent = buildAlertMessage({
  event: "monitor.no-agent",
  at: AT,
  monitor,
  alert: {
    id: "alt_2",
    severity: "critical",
    message:
      "Intranet runs from agent db-primary, whose key was revoked; its checks are missed until it runs from another agent or from regions.",
    openedAt: AT,
  },
  check: null,
  consecutiveFailures: 0,
  number: 1,
  alertUrl: URL,
});

describe("notifications of monitors that run from an agent", () => {
  it("name the agent where other monitors' notifications name regions", () => {
    expect(slackText("monitor.down", down)).toContain("HTTP 503 from agent db-primary");
    expect(alertSms("monitor.down", down)).toContain("agent db-primary");
    for (const text of [slackText("monitor.down", down), alertSms("monitor.down", down)]) {
      expect(text).not.toContain("us-west-1");
    }
  });

  it("say on every channel that the monitor's agent cannot take its checks, without a check", () => {
    expect(noAgent.payload.event).toBe("monitor.no-agent");
    expect(emailSubject("monitor.no-agent", noAgent)).toBe(
      "[Critical] Intranet runs from agent db-primary, whose key was revoked",
    );
    expect(emailBody("monitor.no-agent", noAgent)).toContain(
      "its checks are missed until it runs from another agent or from regions.",
    );
    expect(alertSms("monitor.no-agent", noAgent)).toBe(
      `Upwatch CRITICAL: Intranet runs from agent db-primary, whose key was revoked. Ack: ${URL}`,
    );
    expect(slackText("monitor.no-agent", noAgent)).not.toContain("HTTP");
  });
});
