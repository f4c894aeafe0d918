import { KEYWORD_BODY_LIMIT } from "@upwatch/checks";
import {
  DEFAULT_FAILURE_THRESHOLD,
  DEFAULT_RECOVERY_CONFIRMATIONS,
  isExpectedStatus,
  MONITOR_LIMITS,
  MULTI_STEP_LIMITS,
  PLANS,
  REGION_LOCATIONS,
  REGIONS,
  SECURE_VALUE_MIN_CHARACTERS,
  SSL_EXPIRY_THRESHOLDS,
  sslExpirySeverity,
} from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { ROUND_GRACE_MS } from "../../src/engine/monitoring-engine.ts";
import {
  amount,
  articleTable,
  durationSeconds,
  planNamed,
  stated,
  statedEverywhere,
} from "./article-text.ts";

const DURATION = "(\\d+ (?:minutes?|seconds?))";

describe("the numbers the help centre states about monitors", () => {
  it("gives each plan's shortest interval and the longest one wherever it lists them", () => {
    const sentence = new RegExp(
      `${DURATION} on Free, ${DURATION} on Hobby and Business,? (?:and )?${DURATION} on Enterprise\\+\\)? up to (\\d+) minutes`,
      "g",
    );
    const found = statedEverywhere(sentence);
    expect(found.map(([page]) => page)).toContain("ping-monitoring");
    for (const [page, [free = "", paid = "", enterprise = "", longest = ""]] of found) {
      expect(durationSeconds(free), page).toBe(planNamed("Free").limits.minIntervalSeconds);
      expect(durationSeconds(paid), page).toBe(planNamed("Hobby").limits.minIntervalSeconds);
      expect(durationSeconds(paid), page).toBe(planNamed("Business").limits.minIntervalSeconds);
      expect(durationSeconds(enterprise), page).toBe(
        planNamed("Enterprise+").limits.minIntervalSeconds,
      );
      expect(Number(longest) * 60, page).toBe(MONITOR_LIMITS.maxIntervalSeconds);
    }
    const [upTo, httpFree, httpPaid, httpEnterprise] = stated(
      "http-https-monitoring",
      new RegExp(
        `up to (\\d+) minutes\\. The minimum is ${DURATION} on Free, ${DURATION} on Hobby and Business, and ${DURATION} on Enterprise\\+`,
      ),
    );
    expect(Number(upTo) * 60).toBe(MONITOR_LIMITS.maxIntervalSeconds);
    expect([httpFree, httpPaid, httpEnterprise].map((d) => durationSeconds(d ?? ""))).toEqual([
      PLANS[0]?.limits.minIntervalSeconds,
      PLANS[1]?.limits.minIntervalSeconds,
      PLANS[3]?.limits.minIntervalSeconds,
    ]);
  });

  it("gives the timeout's default and range as the monitor schema has them", () => {
    const [, fallback = "", range = ""] =
      articleTable("http-https-monitoring", "Option").find(([name]) => name === "Timeout") ?? [];
    expect(durationSeconds(fallback)).toBe(MONITOR_LIMITS.defaultTimeoutSeconds);
    expect(range).toMatch(
      `${MONITOR_LIMITS.minTimeoutSeconds} to ${MONITOR_LIMITS.maxTimeoutSeconds} seconds`,
    );
    const [byDefault, low, high] = stated(
      "understanding-latency-regions",
      /the default is (\d+) seconds, and any value from (\d+) to (\d+) is allowed/,
    ).map(Number);
    expect([byDefault, low, high]).toEqual([
      MONITOR_LIMITS.defaultTimeoutSeconds,
      MONITOR_LIMITS.minTimeoutSeconds,
      MONITOR_LIMITS.maxTimeoutSeconds,
    ]);
  });

  it("says a monitor is down after the default failure threshold in every article", () => {
    const failures = statedEverywhere(
      /(?:down after|failed|threshold of|goes down when \|) (\d+) consecutive (?:failed|failures|checks)|(\d+) consecutive (?:failures|checks fail)/g,
    );
    expect(failures.length).toBeGreaterThanOrEqual(8);
    for (const [slug, groups] of failures) {
      expect(Number(groups.find(Boolean)), slug).toBe(DEFAULT_FAILURE_THRESHOLD);
    }
    const [threshold] = stated(
      "automatic-deescalation-alerting",
      /default failure threshold of (\d+)/,
    );
    expect(Number(threshold)).toBe(DEFAULT_FAILURE_THRESHOLD);
  });

  it("says a monitor recovers after the default confirmations in every article", () => {
    const recoveries = statedEverywhere(
      /(?:up again after|up after|recovers after|recovers \(after) (\d+) success/g,
    );
    expect(recoveries.length).toBeGreaterThanOrEqual(5);
    for (const [slug, [count]] of recoveries) {
      expect(Number(count), slug).toBe(DEFAULT_RECOVERY_CONFIRMATIONS);
    }
  });

  it("expects any 2xx by default, as the HTTP article's table says", () => {
    const [, fallback] =
      articleTable("http-https-monitoring", "Option").find(
        ([name]) => name === "Expected status codes",
      ) ?? [];
    expect(fallback).toBe("any 2xx");
    expect([199, 200, 299, 300, 301, 404].filter((code) => isExpectedStatus(code, []))).toEqual([
      200, 299,
    ]);
  });

  it("searches as much of a keyword check's page as the keyword article says", () => {
    const [mib] = stated(
      "string-verification",
      /The first (\d+) MiB of the decoded body is searched/,
    );
    expect(Number(mib) * 1024 * 1024).toBe(KEYWORD_BODY_LIMIT);
  });

  it("lists the regions and where they are as the catalogue does", () => {
    const [, ...rows] = articleTable("regional-monitoring", "Region");
    expect(rows.map(([region]) => region)).toEqual([...REGIONS]);
    for (const [region = "", place] of rows) {
      expect(place).toBe(REGION_LOCATIONS[region as keyof typeof REGION_LOCATIONS]);
    }
    const [grace] = stated("regional-monitoring", /the check's timeout plus (\d+) seconds/);
    expect(Number(grace) * 1000).toBe(ROUND_GRACE_MS);
  });

  it("warns of certificate expiry on the days and with the severities alerting uses", () => {
    const [first, second, last] = stated(
      "http-https-monitoring",
      /alerts go out at (\d+) days and (\d+) days before expiry with Warning severity, and at (\d+) days with Critical/,
    ).map(Number);
    expect([last, second, first]).toEqual([...SSL_EXPIRY_THRESHOLDS]);
    expect(sslExpirySeverity(7)).toBe("critical");
    expect([sslExpirySeverity(14), sslExpirySeverity(30)]).toEqual(["warning", "warning"]);
    const elsewhere = statedEverywhere(
      /(\d+) (?:days )?(?:and|or) (\d+) days (?:before expiry |from expiry )?\(Warning\)[^.]*?(\d+) days \(Critical\)/g,
    );
    expect(elsewhere.length).toBeGreaterThanOrEqual(2);
    for (const [slug, days] of elsewhere) {
      expect(days.map(Number).reverse(), slug).toEqual([...SSL_EXPIRY_THRESHOLDS]);
    }
  });

  it("states the bounds of multi-step checks as validation and the runner enforce them", () => {
    const slug = "advanced-multi-step-checks";
    const [paid, enterprise, longest] = stated(
      slug,
      /\((\d+) on Hobby and Business, (\d+) on Enterprise\+\) up to (\d+)/,
    ).map(Number);
    expect([paid, enterprise, longest]).toEqual([
      planNamed("Hobby").limits.minIntervalSeconds,
      planNamed("Enterprise+").limits.minIntervalSeconds,
      MONITOR_LIMITS.maxIntervalSeconds,
    ]);
    const [variables, variableKiB] = stated(slug, /at most (\d+), each up to (\d+) KiB/).map(
      Number,
    );
    expect(variables).toBe(MULTI_STEP_LIMITS.maxVariables);
    expect((variableKiB ?? 0) * 1024).toBe(MULTI_STEP_LIMITS.maxVariableBytes);
    expect(Number(stated(slug, /at least 1, at most (\d+)\./)[0])).toBe(MULTI_STEP_LIMITS.maxSteps);
    expect(Number(stated(slug, /(\d+) seconds or the check's interval/)[0])).toBe(
      MULTI_STEP_LIMITS.runLimitSeconds,
    );
    expect(Number(stated(slug, /a value of at least (\d+) characters/)[0])).toBe(
      SECURE_VALUE_MIN_CHARACTERS,
    );
    expect(Number(stated(slug, /a string of up to (\d+) KiB/)[0]) * 1024).toBe(
      MULTI_STEP_LIMITS.maxBodyBytes,
    );
    expect(Number(stated(slug, /config\.seconds seconds, at most (\d+)/)[0])).toBe(
      MULTI_STEP_LIMITS.maxWaitSeconds,
    );
    expect(Number(stated(slug, /config\.source, up to (\d+) KiB/)[0]) * 1024).toBe(
      MULTI_STEP_LIMITS.maxScriptBytes,
    );
    const [second, mib, ms] = stated(
      slug,
      /at most (\d+) second and use at most (\d+) MiB[^"]*"The script ran longer than (\d+) ms/,
    ).map(Number);
    expect([(second ?? 0) * 1000, (mib ?? 0) * 1024 * 1024, ms]).toEqual([
      MULTI_STEP_LIMITS.scriptTimeoutMs,
      MULTI_STEP_LIMITS.scriptMemoryBytes,
      MULTI_STEP_LIMITS.scriptTimeoutMs,
    ]);
    expect(
      amount(stated(slug, /timeout_seconds \| Time limit[^|]*?(\d+) to \d+ seconds/)[0] ?? ""),
    ).toBe(MONITOR_LIMITS.minTimeoutSeconds);
  });
});
