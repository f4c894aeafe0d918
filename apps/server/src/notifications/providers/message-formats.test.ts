import { describe, expect, it } from "vitest";
import { ALERT_URL, checkout, MINUTE, OPENED } from "../../../test/sample-alert-messages.ts";
import { buildAlertMessage } from "../../alerting/index.ts";
import { emailSubject } from "./email.ts";
import { slackText } from "./slack.ts";
import { alertSms, recoverySms } from "./sms.ts";
import { signWebhook } from "./webhook-signature.ts";

const monitor = checkout;
const URL = ALERT_URL;

function message(
  event: "monitor.down" | "alert.escalated" | "monitor.up" | "ssl.expiring",
  at = OPENED,
  number: number | null = 1,
) {
  const ssl = event === "ssl.expiring";
  return buildAlertMessage({
    event,
    at,
    monitor: ssl ? { ...monitor, target: "shop.example.com", type: "ssl" } : monitor,
    alert: {
      id: "alt_3kV8wQ1z",
      severity: ssl ? "warning" : "critical",
      message: ssl
        ? "SSL certificate for shop.example.com expires in 14 days (on 2024-11-16)."
        : "Expected status 200-299, got 503",
      openedAt: OPENED,
    },
    check: { checkedAt: at, statusCode: 503, responseMs: 1240, region: "eu-west-1" },
    consecutiveFailures: event === "monitor.up" ? 0 : 3,
    number,
    alertUrl: URL,
  });
}

describe("notification formats", () => {
  it("sign webhooks exactly as the Standard Webhooks reference example", () => {
    expect(
      signWebhook(
        "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        "msg_p5jXN8AQM9LWM0D4loKWxJek",
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("write text messages as the help centre shows them", () => {
    expect(alertSms("monitor.down", message("monitor.down"))).toBe(
      `Upwatch CRITICAL: Checkout API - EU is DOWN (HTTP 503, eu-west-1, 3 failures). Ack: ${URL}`,
    );
    expect(alertSms("alert.escalated", message("alert.escalated", OPENED + 30 * MINUTE, 4))).toBe(
      `Upwatch CRITICAL: Checkout API - EU is still DOWN (notification 4, HTTP 503, eu-west-1, 3 failures). Ack: ${URL}`,
    );
    expect(recoverySms("monitor.up", message("monitor.up", OPENED + 23 * MINUTE, null))).toBe(
      "Upwatch RESOLVED: Checkout API - EU is UP after 23 min.",
    );
  });

  it("post readable Slack messages as the help centre shows them", () => {
    expect(slackText("monitor.down", message("monitor.down")).split("\n")).toEqual([
      "*CRITICAL*  Checkout API - EU is down",
      "HTTP 503 from eu-west-1 after 3 consecutive failures - response time 1,240 ms",
      `Opened 09:14 UTC - <${URL}|View alert>`,
    ]);
    expect(slackText("monitor.up", message("monitor.up", OPENED + 23 * MINUTE, null))).toBe(
      `*RESOLVED*  Checkout API - EU is up\nDown for 23 minutes - <${URL}|View alert>`,
    );
  });

  it("give e-mails the subjects the help centre lists", () => {
    expect(emailSubject("monitor.down", message("monitor.down"))).toBe(
      "[Critical] Checkout API - EU is down",
    );
    expect(emailSubject("alert.escalated", message("alert.escalated", OPENED, 4))).toBe(
      "[Critical] Checkout API - EU is still down (notification 4)",
    );
    expect(emailSubject("monitor.up", message("monitor.up", OPENED + 23 * MINUTE, null))).toBe(
      "[Resolved] Checkout API - EU is up after 23 minutes",
    );
    expect(emailSubject("ssl.expiring", message("ssl.expiring"))).toBe(
      "[Warning] SSL certificate for shop.example.com expires in 14 days",
    );
  });
});
