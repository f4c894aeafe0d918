import type { MonitorView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { scheduleFacts } from "./schedule-facts.ts";

const base = {
  interval_seconds: 300,
  timeout_seconds: 30,
} as const;

describe("when the settings card says a monitor is judged", () => {
  it("gives a heartbeat its period and grace time, not an interval or a timeout", () => {
    const monitor = {
      ...base,
      type: "heartbeat",
      options: { period_seconds: 3600, grace_seconds: 600 },
    } as unknown as MonitorView;
    expect(scheduleFacts(monitor)).toEqual([
      { term: "Expected every", value: "1 hour" },
      { term: "Grace time", value: "10 minutes" },
    ]);
  });

  it("gives a scheduled check its interval and timeout", () => {
    const monitor = { ...base, type: "http", options: {} } as unknown as MonitorView;
    expect(scheduleFacts(monitor).map((fact) => fact.term)).toEqual(["Checked every", "Timeout"]);
  });
});
