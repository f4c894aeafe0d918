import { buildAlertMessage, type MonitorFacts } from "../src/alerting/index.ts";

/** When the sample alert opened: 2024-11-02 09:14:27 UTC. */
export const OPENED = Date.UTC(2024, 10, 2, 9, 14, 27);
export const MINUTE = 60_000;
export const ALERT_URL = "https://upwatch.example.com/a/8fj2kQ0aZx1y";

const monitor: MonitorFacts = {
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

type MonitorEvent = "monitor.down" | "alert.escalated" | "monitor.up" | "alert.resolved";

/** A monitor's notice, as the help centre's examples show it: an HTTP 503 from eu-west-1. */
export function sampleMessage(
  event: MonitorEvent,
  options: { at?: number; number?: number | null; name?: string; problem?: string } = {},
) {
  const recovery = event === "monitor.up" || event === "alert.resolved";
  return buildAlertMessage({
    event,
    at: options.at ?? OPENED,
    monitor: { ...monitor, name: options.name ?? monitor.name },
    alert: {
      id: "alt_3kV8wQ1z",
      severity: "critical",
      message: options.problem ?? "Expected status 200-299, got 503",
      openedAt: OPENED,
    },
    check: {
      checkedAt: options.at ?? OPENED,
      statusCode: 503,
      responseMs: 1240,
      region: "eu-west-1",
    },
    consecutiveFailures: recovery ? 0 : 3,
    number: options.number === undefined ? (recovery ? null : 1) : options.number,
    alertUrl: ALERT_URL,
  });
}
