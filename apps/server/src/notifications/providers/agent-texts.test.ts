import { describe, expect, it } from "vitest";
import { ALERT_URL, dbPrimary, OPENED } from "../../../test/sample-alert-messages.ts";
import { buildAgentAlertMessage } from "../../alerting/agent-notification-message.ts";
import { emailBody, emailSubject } from "./email.ts";
import { slackText } from "./slack.ts";
import { alertSms, recoverySms } from "./sms.ts";

const agent = dbPrimary;
const URL = ALERT_URL;

function diskMessage(event: "agent.alert" | "alert.escalated" | "alert.resolved", at = OPENED) {
  const closing = event === "alert.resolved";
  return buildAgentAlertMessage({
    event,
    at,
    agent,
    alert: {
      id: "alt_1",
      kind: "agent-disk",
      severity: "warning",
      message: closing
        ? "Disk / on db-primary is back to normal after 7 minutes."
        : "Disk / on db-primary has 12% free (under 15%).",
      openedAt: OPENED,
      dedupeKey: "rule:arl_9:/",
    },
    summary: closing
      ? "Disk / on db-primary is back to normal"
      : "Disk / on db-primary has 12% free (under 15%)",
    reading: { value: 12, threshold: 15 },
    number: closing ? null : event === "agent.alert" ? 1 : 2,
    alertUrl: URL,
  });
}

describe("agent alert texts", () => {
  it("the payload carries the agent, the rule, the disk and the figures", () => {
    expect(diskMessage("agent.alert").payload).toEqual({
      event: "agent.alert",
      timestamp: "2024-11-02T09:14:27Z",
      agent: { id: "agt_1", name: "db-primary", hostname: "db1.internal", os: "linux" },
      alert: {
        id: "alt_1",
        severity: "warning",
        message: "Disk / on db-primary has 12% free (under 15%).",
        kind: "agent-disk",
        value: 12,
        threshold: 15,
        subject: "/",
      },
      metadata: { rule_id: "arl_9", offline_after_minutes: 5 },
    });
  });

  it("e-mail, SMS and Slack say what happened to the agent and link to the alert", () => {
    const opening = diskMessage("agent.alert");
    expect(emailSubject("agent.alert", opening)).toBe(
      "[Warning] Disk / on db-primary has 12% free (under 15%)",
    );
    expect(emailBody("agent.alert", opening)).toContain(
      "Agent: db-primary\nHost: db1.internal (linux)",
    );
    expect(emailBody("agent.alert", opening)).toContain(`View or acknowledge the alert: ${URL}`);
    expect(alertSms("alert.escalated", diskMessage("alert.escalated"))).toBe(
      `Upwatch WARNING: Disk / on db-primary has 12% free (under 15%) (notification 2). Ack: ${URL}`,
    );
    const closing = diskMessage("alert.resolved", OPENED + 7 * 60_000);
    expect(emailSubject("alert.resolved", closing)).toBe(
      "[Resolved] Disk / on db-primary is back to normal after 7 minutes",
    );
    expect(recoverySms("alert.resolved", closing)).toBe(
      "Upwatch RESOLVED: Disk / on db-primary is back to normal after 7 min.",
    );
    expect(slackText("agent.alert", opening)).toBe(
      `*WARNING*  Disk / on db-primary has 12% free (under 15%)\nDisk / on db-primary has 12% free (under 15%).\nOpened 09:14 UTC - <${URL}|View alert>`,
    );
  });
});
