import { multiStepStructureSchema, type StepResult } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import {
  CheckJob,
  MAX_JOB_BYTES,
  MAX_REPORT_BYTES,
  parseMessage,
  RunnerReport,
} from "./messages.ts";
import { jobFor, UP } from "./testing/jobs.ts";

const options = multiStepStructureSchema.parse({
  variables: { base_url: "https://api.example.com", password: "secure:orders_api_password" },
  steps: [
    {
      name: "login",
      type: "http_request",
      order_index: 1,
      config: { method: "POST", url: "{{base_url}}/login", body: "x".repeat(65_536) },
    },
    {
      name: "login_ok",
      type: "assertion",
      order_index: 2,
      config: { type: "status_code", operator: "equals", expected: 200 },
      dependencies: { depends_on: ["login"], dependency_type: "success" },
    },
  ],
});

const multiStepJob = () => ({
  ...jobFor("mon_1"),
  spec: {
    type: "multi_step" as const,
    target: "https://api.example.com/login",
    timeoutMs: 30_000,
    options,
    secureValues: { orders_api_password: "Kestrel-9041" },
    runLimitMs: 60_000,
  },
});

const step = (changes: Partial<StepResult> = {}): StepResult => ({
  name: "orders_status",
  type: "assertion",
  status: "failed",
  path: "normal",
  startedMs: 120,
  durationMs: 0,
  request: null,
  statusCode: 503,
  timings: null,
  actual: "503",
  expected: "200",
  variables: null,
  logs: null,
  error: "expected status 200, got 503",
  ...changes,
});

const reportWith = (steps: StepResult[]) => ({
  runnerId: "run_abcdefghijklmnop",
  token: "upr_run_abcdefghijklmnop_secret",
  region: "eu-west-1",
  version: "1.0.0",
  sentAt: 1,
  results: [
    {
      monitorId: "mon_1",
      region: "eu-west-1",
      plannedAt: 1,
      startedAt: 2,
      outcome: {
        ...UP,
        status: "down",
        error: 'Step "orders_status": expected status 200, got 503',
        steps,
      },
    },
  ],
  heartbeat: false,
  inFlight: 0,
  capacity: 500,
});

describe("multi-step checks on the broker", () => {
  it("hand a runner the steps, the secure values and the run limit exactly as planned", () => {
    const job = multiStepJob();
    expect(parseMessage(CheckJob, JSON.stringify(job), MAX_JOB_BYTES)).toEqual(job);
  });

  it("refuse a job whose run limit is longer than two minutes", () => {
    const job = multiStepJob();
    job.spec.runLimitMs = 121_000;
    expect(parseMessage(CheckJob, JSON.stringify(job), MAX_JOB_BYTES)).toBeNull();
  });

  it("bring back each step of a run with the result", () => {
    const steps = [
      step({ name: "login", type: "http_request", status: "passed", error: null, actual: null }),
      step(),
      step({ name: "logout", status: "skipped", path: "completion", error: "Not run." }),
    ];
    const parsed = parseMessage(RunnerReport, JSON.stringify(reportWith(steps)), MAX_REPORT_BYTES);
    expect(parsed?.results[0]?.outcome.steps).toEqual(steps);
  });

  it("refuse a report with more steps than a check may have", () => {
    const steps = Array.from({ length: 26 }, (_, index) => step({ name: `step_${index}` }));
    expect(
      parseMessage(RunnerReport, JSON.stringify(reportWith(steps)), MAX_REPORT_BYTES),
    ).toBeNull();
  });
});
