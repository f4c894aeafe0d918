import type { AlertSeverity } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import {
  OPSGENIE_DETAIL_VALUE,
  OPSGENIE_LIMITS,
  OPSGENIE_PRIORITIES,
  opsgenieAlert,
} from "../../src/notifications/providers/opsgenie.ts";
import { PAGERDUTY_LIMITS, pagerDutyTrigger } from "../../src/notifications/providers/pagerduty.ts";
import { checkoutMessage, deliveryTo, testMessage } from "../sample-alert-messages.ts";
import { amount, articleTable, stated } from "./article-text.ts";

/** A monitor going down with this severity, as the channel would send it. */
function downWith(severity: AlertSeverity) {
  const message = checkoutMessage("monitor.down");
  message.payload.alert.severity = severity;
  return deliveryTo({}, "monitor.down", message);
}

/** The second cell of each row of an article's severity table, by severity, without backticks. */
function severityTable(slug: string): Record<string, string> {
  const [, ...rows] = articleTable(slug, "Upwatch severity");
  return Object.fromEntries(
    rows.map(([severity = "", value = ""]) => [severity.toLowerCase(), value.replace(/`/g, "")]),
  );
}

describe("the numbers the help centre states about paging services", () => {
  it("passes each severity to PagerDuty as the PagerDuty article's table says", () => {
    const table = severityTable("pagerduty-integration");
    expect(Object.keys(table).sort()).toEqual(["critical", "info", "warning"]);
    for (const [severity, sent] of Object.entries(table)) {
      const trigger = pagerDutyTrigger(downWith(severity as AlertSeverity), "k");
      expect(trigger.payload.severity, severity).toBe(sent);
    }
    const test = pagerDutyTrigger(deliveryTo({}, "test", testMessage("Ops")), "k");
    const [said = ""] = stated("pagerduty-integration", /with the severity (\w+)/);
    expect(test.payload.severity).toBe(said.toLowerCase());
    const [summary] = stated("pagerduty-integration", /summaries of up to ([\d,]+) characters/);
    expect(amount(summary ?? "")).toBe(PAGERDUTY_LIMITS.summary);
  });

  it("gives each severity the Opsgenie priority the Opsgenie article's table says", () => {
    const table = severityTable("opsgenie-integration");
    expect(table).toEqual(OPSGENIE_PRIORITIES);
    for (const [severity, priority] of Object.entries(table)) {
      expect(opsgenieAlert(downWith(severity as AlertSeverity)).priority).toBe(priority);
    }
    const test = opsgenieAlert(deliveryTo({}, "test", testMessage("Ops")));
    const [said] = stated("opsgenie-integration", /with the priority (P\d)/);
    expect(test.priority).toBe(said);
  });

  it("states Opsgenie's limits as the Opsgenie channel keeps them", () => {
    const [message, description, entity, detail, total] = stated(
      "opsgenie-integration",
      /the message at ([\d,]+) characters, the description at ([\d,]+)[^,]*, the entity at ([\d,]+), and each extra property at ([\d,]+) characters, which keeps them all well under Opsgenie's ([\d,]+) in total/,
    ).map(amount);
    expect([message, description, entity, detail, total]).toEqual([
      OPSGENIE_LIMITS.message,
      OPSGENIE_LIMITS.description,
      OPSGENIE_LIMITS.entity,
      OPSGENIE_DETAIL_VALUE,
      OPSGENIE_LIMITS.details,
    ]);
  });
});
