import { describe, expect, it } from "vitest";
import { createLog } from "../log.ts";
import { createCustomMetricNotices } from "./custom-metric-notices.ts";

function noticesWithLines() {
  const lines: string[] = [];
  const log = createLog("info", { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { lines, notices: createCustomMetricNotices(log) };
}

const REFUSED =
  "Custom metrics are part of the Enterprise+ plan and self-hosted Upwatch; this account's plan (Business) has none, so the agent's custom metrics are not stored. Its other figures are.";

describe("the agent's custom metric notices", () => {
  it("logs the server's refusal once, however many batches it refuses, and when it ends", () => {
    const { lines, notices } = noticesWithLines();
    for (let i = 0; i < 3; i++) notices.stored({ accepted: 1, custom_metrics_refused: REFUSED });
    notices.stored({ accepted: 1, custom_metrics_refused: null });
    notices.stored({ accepted: 1, custom_metrics_refused: null });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`WARN  The server refused the custom metrics: ${REFUSED}`);
    expect(lines[1]).toContain("INFO  The server stores the custom metrics again.");
  });

  it("logs a collection problem when it appears, not again while it lasts, and again if it returns", () => {
    const { lines, notices } = noticesWithLines();
    const timeout = "The command /usr/local/bin/queue-depth ran longer than 10 s and was stopped.";
    notices.problems([timeout]);
    notices.problems([timeout]);
    notices.problems([]);
    notices.problems([timeout]);
    expect(lines.filter((line) => line.includes(timeout))).toHaveLength(2);
  });

  it("says nothing when a server from before custom metrics answers", () => {
    const { lines, notices } = noticesWithLines();
    notices.stored({ accepted: 1, poll_after_seconds: 30 });
    expect(lines).toEqual([]);
  });
});
