import {
  AGENT_CONFIG_DEFAULTS,
  AGENT_CONFIG_RANGES,
  AGENT_OFFLINE_AFTER,
  AGENT_POLL_SECONDS,
  AGENT_RULE_RANGES,
  AGENT_RULE_TEMPLATES,
  AGENT_TASK_LIMITS,
  agentTaskDeadline,
  CHANNEL_TYPES,
  escalationGapMs,
  escalationScheduleMinutes,
  PROXY_MIN_VERSION,
  SMS_PRICE_USD,
} from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { MAX_RUNNING_CHECKS } from "../../../agent/src/proxy/proxy-checks.ts";
import {
  AGENT_RAW_RETENTION_MS,
  AGENT_ROLLUP_MIN_RETENTION_DAYS,
} from "../../src/services/agent-history/prune-agent-history.ts";
import { CONFIRMATION_LINK_LIFETIME_MS } from "../../src/services/channels/channel-confirmation-rules.ts";
import {
  CHANNEL_SENDS_PER_HOUR,
  CHANNEL_TEST_GAP_MS,
  CONFIRMATION_RESEND_GAP_MS,
} from "../../src/services/channels/channel-send-limits.ts";
import {
  INVITATION_LIFETIME_MS,
  INVITATION_RESEND_INTERVAL_MS,
} from "../../src/services/invitations/invitation-rules.ts";
import {
  amount,
  articleCode,
  articleTable,
  durationSeconds,
  stated,
  statedEverywhere,
} from "./article-text.ts";

const MINUTE_MS = 60_000;

describe("the numbers the help centre states about alerts", () => {
  it("gives the gaps of the de-escalation table as the escalation policy has them", () => {
    const [, ...rows] = articleTable(
      "automatic-deescalation-alerting",
      "Notifications already sent",
    );
    expect(rows).toHaveLength(3);
    for (const [sent = "", gap = ""] of rows) {
      const counts = sent.match(/\d+/g)?.map(Number) ?? [];
      for (const count of counts)
        expect(escalationGapMs(count), sent).toBe(durationSeconds(gap) * 1000);
      if (/or more/.test(sent)) expect(escalationGapMs(100)).toBe(durationSeconds(gap) * 1000);
    }
  });

  it("draws the schedule of minutes the escalation policy produces", () => {
    const drawing = articleCode("automatic-deescalation-alerting").find((code) =>
      code.includes("Minute:"),
    );
    const minutes =
      /Minute:([\d\s]+)/
        .exec(drawing ?? "")?.[1]
        ?.trim()
        .split(/\s+/)
        .map(Number) ?? [];
    expect(minutes.length).toBeGreaterThanOrEqual(10);
    expect(minutes).toEqual(escalationScheduleMinutes(minutes.length));
  });

  it("lists repeat times in the channel articles as the escalation policy sends them", () => {
    const schedule = escalationScheduleMinutes(10);
    const [a, b, c, d, e, f, g, h, i, j] = stated(
      "sms-alerts",
      /notified at (\d+), (\d+), (\d+) and (\d+) minutes after the monitor is declared down, then at (\d+), (\d+) and (\d+) minutes, then every three hours \((\d+), (\d+), (\d+) minutes/,
    ).map(Number);
    expect([a, b, c, d, e, f, g, h, i, j]).toEqual(schedule);
    expect(escalationGapMs(7)).toBe(180 * MINUTE_MS);
    const [w1, w2, w3, w4, w5, w6] = stated(
      "webhook-alerts",
      /repeats (\d+), (\d+) and (\d+) minutes after the first notification, then at (\d+), (\d+) and (\d+) minutes, then every three hours/,
    ).map(Number);
    expect([0, w1, w2, w3, w4, w5, w6]).toEqual(schedule.slice(0, 7));
    const repeats = statedEverywhere(
      /(\d+), (\d+) and (\d+) minutes after the first (?:notification|message), then hourly three times, then every three hours/g,
    );
    expect(repeats.map(([slug]) => slug).sort()).toEqual(["email-alerts", "slack-integration"]);
    for (const [slug, times] of repeats) {
      expect([0, ...times.map(Number)], slug).toEqual(schedule.slice(0, 4));
      expect(escalationGapMs(4), slug).toBe(60 * MINUTE_MS);
    }
  });

  it("prices an outage's texts from the schedule and the SMS price", () => {
    const [, ...rows] = articleTable("sms-alerts", "Outage length");
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const schedule = escalationScheduleMinutes(50);
    for (const [lasts = "", texts = "", cost = ""] of rows) {
      const minutes = durationSeconds(lasts) / 60;
      const sent = schedule.filter((at) => at < minutes).length;
      expect(texts, lasts).toBe(`${sent}, plus 1 recovery`);
      expect(amount(cost), lasts).toBeCloseTo((sent + 1) * SMS_PRICE_USD, 5);
    }
  });

  it("limits channel tests and confirmation mails as the server does, in every channel article", () => {
    const perChannel = statedEverywhere(
      /(?:one test per channel every|test a channel once every|limited to one per channel every) (\d+) seconds,? and,? (?:together with e-mail confirmation mails, )?(?:an account can send )?(\d+) (?:tests|per account)/g,
    );
    expect(perChannel.map(([slug]) => slug).sort()).toEqual(
      CHANNEL_TYPES.map((type) => type.article).sort(),
    );
    for (const [slug, [gap, hourly]] of perChannel) {
      expect(Number(gap) * 1000, slug).toBe(CHANNEL_TEST_GAP_MS);
      expect(Number(hourly), slug).toBe(CHANNEL_SENDS_PER_HOUR);
    }
    const [days, resend] = stated(
      "email-alerts",
      /The link works once and for (\d+) days\.[^.]*\.[^.]*once every (\d+) minutes/,
    ).map(Number);
    expect((days ?? 0) * 86_400_000).toBe(CONFIRMATION_LINK_LIFETIME_MS);
    expect((resend ?? 0) * MINUTE_MS).toBe(CONFIRMATION_RESEND_GAP_MS);
  });

  it("keeps invitations as long, and resends them as often, as the team article says", () => {
    const [days] = stated("team-members-and-roles", /works once, for (\d+) days/).map(Number);
    expect((days ?? 0) * 86_400_000).toBe(INVITATION_LIFETIME_MS);
    const [gap = ""] = stated("team-members-and-roles", /mailed again once (a minute) at most/);
    expect(durationSeconds(gap) * 1000).toBe(INVITATION_RESEND_INTERVAL_MS);
  });
});

describe("the numbers the help centre states about agents", () => {
  it("gives the report interval, its range and the offline threshold the agent settings use", () => {
    const [report] = stated("agent-alerting", /sends a report every (\d+) seconds/).map(Number);
    expect(report).toBe(AGENT_CONFIG_DEFAULTS.monitoring_interval);
    const [every, low = "", high = ""] = stated(
      "monitors-vs-agents",
      /Report every (\d+) seconds by default \((\d+ seconds) to (\d+ hours?|an? hour)\)/,
    );
    expect(Number(every)).toBe(AGENT_CONFIG_DEFAULTS.monitoring_interval);
    expect(durationSeconds(low)).toBe(AGENT_CONFIG_RANGES.monitoring_interval.min);
    expect(durationSeconds(high.replace(/^1 /, "one "))).toBe(
      AGENT_CONFIG_RANGES.monitoring_interval.max,
    );
    const [offline] = stated(
      "agent-alerting",
      /no report from an agent for (\d+) minutes \(the default\)/,
    );
    expect(Number(offline)).toBe(AGENT_OFFLINE_AFTER.default);
    const [min, max] = stated(
      "agent-alerting",
      /offline threshold per agent[^.]*from (\d+) to (\d+) minutes/,
    );
    expect([Number(min), Number(max)]).toEqual([AGENT_OFFLINE_AFTER.min, AGENT_OFFLINE_AFTER.max]);
    for (const [slug, [minutes]] of statedEverywhere(/agent offline for (\d+) minutes/g)) {
      expect(Number(minutes), slug).toBe(AGENT_OFFLINE_AFTER.default);
    }
  });

  it("gives each default rule the threshold and duration its template has", () => {
    const [, ...rows] = articleTable("agent-alerting", "Template");
    const byName = new Map(Object.values(AGENT_RULE_TEMPLATES).map((rule) => [rule.name, rule]));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [name = "", condition = "", severity = ""] of rows) {
      const rule = byName.get(name);
      expect(rule, name).toBeDefined();
      const [threshold = "0"] = /(\d+(?:\.\d+)?)(?:%| x)/.exec(condition)?.slice(1) ?? [];
      expect(Number(threshold), name).toBe(rule?.threshold);
      const [minutes = "0"] = /for (\d+) minutes/.exec(condition)?.slice(1) ?? [];
      expect(Number(minutes), name).toBe(rule?.duration_minutes);
      expect(severity.toLowerCase(), name).toBe(rule?.severity);
    }
    const [percentLow, percentHigh, loadLow, loadHigh, durationLow, durationHigh] = stated(
      "agent-alerting",
      /percentage \((\d+) to (\d+)\)[^(]*\(([\d.]+) to ([\d.]+)\), the duration \((\d+) to (\d+) minutes\)/,
    ).map(Number);
    expect([percentLow, percentHigh]).toEqual([
      AGENT_RULE_RANGES.percent.min,
      AGENT_RULE_RANGES.percent.max,
    ]);
    expect([loadLow, loadHigh]).toEqual([
      AGENT_RULE_RANGES.loadFactor.min,
      AGENT_RULE_RANGES.loadFactor.max,
    ]);
    expect([durationLow, durationHigh]).toEqual([
      AGENT_RULE_RANGES.durationMinutes.min,
      AGENT_RULE_RANGES.durationMinutes.max,
    ]);
  });

  it("keeps agent reports and their averages as long as the history pruning does", () => {
    const [hours, days] = stated(
      "agent-alerting",
      /Every report is kept for (\d+) hours;[^.]*at least (\d+) days/,
    ).map(Number);
    expect((hours ?? 0) * 3_600_000).toBe(AGENT_RAW_RETENTION_MS);
    expect(days).toBe(AGENT_ROLLUP_MIN_RETENTION_DAYS);
  });

  it("gives proxy monitoring's poll, concurrency, deadline and version as the code has them", () => {
    const slug = "agent-proxy-monitoring";
    expect(Number(stated(slug, /then every (\d+) seconds/)[0])).toBe(AGENT_POLL_SECONDS);
    expect(Number(stated(slug, /runs at most (\d+) checks at the same time/)[0])).toBe(
      MAX_RUNNING_CHECKS,
    );
    const [timeout, afterMinutes, afterSeconds] = stated(
      slug,
      /For a check with a (\d+)-second timeout, that is (\d+) minute (\d+) seconds after it was due/,
    ).map(Number);
    const deadline = agentTaskDeadline(0, (timeout ?? 0) * 1000);
    expect(deadline).toBe(((afterMinutes ?? 0) * 60 + (afterSeconds ?? 0)) * 1000);
    expect(stated(slug, /version (\d+\.\d+\.\d+) or newer/)[0]).toBe(PROXY_MIN_VERSION);
    const [hours] = stated(slug, /lists its tasks of the last (\d+) hours/).map(Number);
    expect((hours ?? 0) * 3_600_000).toBe(AGENT_TASK_LIMITS.keepMs);
  });
});
