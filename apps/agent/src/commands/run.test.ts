import { agentReportBatchSchema } from "@upwatch/api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeUpwatch } from "../../test/fake-upwatch.ts";
import type { AgentConfig } from "../config/agent-config.ts";
import { createLog } from "../log.ts";
import { runAgent } from "./run.ts";

const KEY = `uwa_${"r".repeat(40)}`;
let server: FakeUpwatch;
let config: AgentConfig;
let lines: string[];

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeEach(async () => {
  server = new FakeUpwatch(KEY);
  const url = await server.start();
  lines = [];
  config = {
    api_url: url,
    api_key: KEY,
    timeout: 5,
    monitoring_interval: 10,
    cpu_threshold: 80,
    memory_threshold: 85,
    disk_threshold: 90,
    log_level: "debug",
    services: ["node"],
    disks: null,
    custom_metrics: [],
  };
});
afterEach(() => server.stop());

describe("a running agent", () => {
  it("sends its first report at once, in the contract's shape, and polls for tasks", async () => {
    const log = createLog("debug", {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    const agent = await runAgent(config, log, {
      schedulePoll: (poll) => setTimeout(poll, 100),
    });
    await until(
      () => server.batches.length === 1 && server.polls.length >= 2,
      "a report and polls",
    );
    await agent.stop();
    const batch = server.batches[0]!;
    expect(agentReportBatchSchema.safeParse(batch).error).toBeUndefined();
    expect(batch.agent).toMatchObject({ version: "2.1.0", capabilities: ["proxy-checks"] });
    expect(batch.config).toEqual({
      monitoring_interval: 10,
      cpu_threshold: 80,
      memory_threshold: 85,
      disk_threshold: 90,
      log_level: "debug",
    });
    expect(lines[0]).toContain(`Upwatch agent 2.1.0 started on ${batch.agent.hostname}`);
    expect(lines.at(-1)).toContain("Stopped; every report was delivered.");
  });

  it("delivers what it holds when stopped after the server comes back", async () => {
    let down = true;
    server.answerReports = () => (down ? { status: 503 } : { status: 200 });
    const log = createLog("info", {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    const agent = await runAgent(config, log);
    await until(() => lines.some((line) => line.includes("HTTP 503")), "the refused report");
    expect(server.batches).toHaveLength(0);
    down = false;
    await agent.stop();
    expect(server.stored).toHaveLength(1);
    expect(lines.some((line) => line.includes("Stopping: sending the 1 buffered report."))).toBe(
      true,
    );
  });
});
