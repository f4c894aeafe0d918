import {
  dnsOptionsSchema,
  keywordOptionsSchema,
  noOptionsSchema,
  sslOptionsSchema,
} from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { CheckJob, MAX_JOB_BYTES, parseMessage, RunnerReport } from "./messages.ts";
import { jobFor, UP } from "./testing/jobs.ts";

const report = {
  runnerId: "run_abcdefghijklmnop",
  token: "upr_run_abcdefghijklmnop_secret",
  region: "eu-west-1",
  version: "1.0.0",
  sentAt: 1,
  results: [{ monitorId: "mon_1", region: "eu-west-1", plannedAt: 1, startedAt: 2, outcome: UP }],
  heartbeat: false,
  inFlight: 0,
  capacity: 500,
};

describe("the broker's messages", () => {
  it("read back a job exactly as it was written", () => {
    const job = jobFor("mon_1");
    expect(parseMessage(CheckJob, JSON.stringify(job), MAX_JOB_BYTES)).toEqual(job);
  });

  it("read back every check type with the options a monitor stores", () => {
    const base = jobFor("mon_1");
    const specs = [
      {
        type: "keyword",
        target: "https://example.com/status",
        timeoutMs: 30_000,
        options: keywordOptionsSchema.parse({
          keyword: "All systems operational",
          method: "POST",
          body: '{"probe":true}',
          headers: { "X-Api-Key": { value: "k-123", secret: true }, Accept: "text/html" },
          auth: { type: "basic", username: "ops", password: "p" },
          expected_status_codes: [200, 204],
        }),
      },
      { type: "ping", target: "203.0.113.7", timeoutMs: 5000, options: noOptionsSchema.parse({}) },
      { type: "tcp", target: "db.example.com:5432", timeoutMs: 5000, options: {} },
      {
        type: "dns",
        target: "example.com",
        timeoutMs: 5000,
        options: dnsOptionsSchema.parse({ record_type: "MX", resolver: "[2620:fe::fe]:53" }),
      },
      {
        type: "ssl",
        target: "example.com:443",
        timeoutMs: 10_000,
        options: sslOptionsSchema.parse({ min_days_remaining: 14 }),
      },
    ] as const;
    for (const spec of specs) {
      const job = { ...base, spec };
      expect(parseMessage(CheckJob, JSON.stringify(job), MAX_JOB_BYTES)).toEqual(job);
    }
  });

  it("refuse a job with an unknown check type or options", () => {
    const job = jobFor("mon_1");
    const unknownType = { ...job, spec: { ...job.spec, type: "smtp" } };
    const badOptions = { ...job, spec: { ...job.spec, options: { method: "BREW" } } };
    expect(parseMessage(CheckJob, JSON.stringify(unknownType), MAX_JOB_BYTES)).toBeNull();
    expect(parseMessage(CheckJob, JSON.stringify(badOptions), MAX_JOB_BYTES)).toBeNull();
  });

  it("refuse text that is too long or not JSON", () => {
    expect(parseMessage(CheckJob, JSON.stringify(jobFor("mon_1")), 100)).toBeNull();
    expect(parseMessage(CheckJob, "{", MAX_JOB_BYTES)).toBeNull();
    expect(parseMessage(CheckJob, null, MAX_JOB_BYTES)).toBeNull();
  });

  it("read a report and refuse one from a malformed runner id", () => {
    expect(RunnerReport.safeParse(report).success).toBe(true);
    expect(RunnerReport.safeParse({ ...report, runnerId: "run_UPPER" }).success).toBe(false);
  });
});
