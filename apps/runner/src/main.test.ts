import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { BrokerControl, CheckDispatch, type InboxEntry, ReportInbox } from "@upwatch/broker";
import { eventually, testRedisUrl } from "@upwatch/broker/testing";
import { httpOptionsSchema } from "@upwatch/core";
import { Redis } from "ioredis";
import { expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));
const TOKEN_SECRET = "A".repeat(43);

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.once("exit", (code) => done(code)));
}

it("refuses to start in a region Upwatch does not know, saying so in one sentence", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", MAIN, "--region", "eu-central-9"], {
    env: {
      PATH: process.env.PATH,
      BROKER_URL: "redis://127.0.0.1:6379",
      RUNNER_TOKEN: `upr_run_abcdefghijklmnop_${TOKEN_SECRET}`,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toBe(
    "eu-central-9 is not a region Upwatch knows; choose one of us-west-1, us-west-2, eu-west-1, ap-southeast-2.",
  );
  expect(run.stdout).toBe("");
});

it("runs its region's checks once accepted, and stops with exit code 0 on SIGTERM", async () => {
  // The process uses the default key prefix, so it gets a Redis database of its own.
  const brokerUrl = new URL(testRedisUrl());
  brokerUrl.pathname = "/11";
  const url = brokerUrl.toString();
  const runnerId = `run_${Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyz234567"[randomInt(32)]).join("")}`;
  const target = createServer((_request, response) => response.end("ok"));
  await new Promise<void>((done) => target.listen(0, "127.0.0.1", done));
  const control = new BrokerControl({ url });
  const inbox = new ReportInbox({ url, consumer: "server-1" });
  const dispatch = new CheckDispatch({ url });
  const entries: InboxEntry[] = [];
  inbox.start(async (batch) => {
    entries.push(...batch.filter((entry) => entry.report?.runnerId === runnerId));
    await inbox.ack(batch.map((entry) => entry.id));
  });
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, "--region", "eu-west-1"], {
    env: {
      PATH: process.env.PATH,
      BROKER_URL: url,
      RUNNER_TOKEN: `upr_${runnerId}_${TOKEN_SECRET}`,
      ALLOW_PRIVATE_TARGETS: "true",
    },
  });
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = exitOf(child);
  try {
    await eventually(() => entries.some((entry) => entry.report?.heartbeat), "a heartbeat", 30_000);
    await control.answerRunner({ runnerId, status: "accepted", detail: "" });
    const now = Date.now();
    const port = (target.address() as AddressInfo).port;
    await dispatch.publish([
      {
        monitorId: "mon_process",
        region: "eu-west-1",
        plannedAt: now,
        startBy: now + 10_000,
        spec: {
          type: "http",
          target: `http://127.0.0.1:${port}/`,
          timeoutMs: 5000,
          options: httpOptionsSchema.parse({}),
        },
      },
    ]);
    const result = await eventually(
      () => entries.flatMap((entry) => entry.report?.results ?? [])[0],
      "the check's result",
    );
    expect(result.outcome.status).toBe("up");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const messages = output
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line).msg);
    expect(messages).toContain("a server accepted this runner; taking checks");
    expect(output).not.toContain(TOKEN_SECRET);
  } finally {
    child.kill("SIGKILL");
    await Promise.all([inbox.stop(), control.close(), dispatch.close()]);
    await new Promise((done) => target.close(done));
    const redis = new Redis(url);
    await redis.del("upwatch:reports", "upwatch:checks:eu-west-1");
    redis.disconnect();
  }
}, 60_000);
