import { HEARTBEAT_CHECK_REGION } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { buildAlertMessage, type MonitorFacts } from "../../alerting/index.ts";
import { withRegions } from "../../alerting/outages.ts";
import { emailBody } from "./email.ts";
import { slackText } from "./slack.ts";
import { alertSms } from "./sms.ts";

const AT = Date.UTC(2026, 10, 25, 2, 30);
const URL = "https://upwatch.example.com/a/8fj2kQ0aZx1y";
const monitor: MonitorFacts = {
  id: "mon_backup",
  account_id: "acc_1",
  plan: "hobby",
  name: "Nightly backup",
  type: "heartbeat",
  target: "",
  region: HEARTBEAT_CHECK_REGION,
  down: true,
  consecutive_failures: 1,
};

const down = buildAlertMessage({
  event: "monitor.down",
  at: AT,
  monitor,
  alert: {
    id: "alt_1",
    severity: "critical",
    message: withRegions("The job reported a failure.", [HEARTBEAT_CHECK_REGION]),
    openedAt: AT,
  },
  check: {
    checkedAt: AT,
    statusCode: null,
    responseMs: null,
    region: HEARTBEAT_CHECK_REGION,
    failedRegions: [HEARTBEAT_CHECK_REGION],
  },
  consecutiveFailures: 1,
  number: 1,
  alertUrl: URL,
});

describe("the alert texts of a heartbeat monitor", () => {
  it("say what the job reported without naming a region it failed from", () => {
    expect(down.payload.alert.message).toBe("The job reported a failure.");
  });

  it("leave the target and the region out of the e-mail", () => {
    const body = emailBody("monitor.down", down);
    expect(body).toContain("Monitor: Nightly backup");
    expect(body).not.toContain("Target:");
    expect(body).not.toContain("Region:");
    expect(body).toContain("Problem: The job reported a failure.");
  });

  it("name no region in the text message or the Slack message", () => {
    expect(alertSms("monitor.down", down)).toBe(
      `Upwatch CRITICAL: Nightly backup is DOWN (1 failure). Ack: ${URL}`,
    );
    expect(slackText("monitor.down", down).split("\n")[1]).toBe("after 1 consecutive failure");
  });
});
