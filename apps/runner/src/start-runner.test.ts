import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BrokerControl, CheckDispatch, type InboxEntry, ReportInbox } from "@upwatch/broker";
import { eventually, testPrefix, testRedisUrl } from "@upwatch/broker/testing";
import { createNetworkAccess } from "@upwatch/checks";
import { httpOptionsSchema } from "@upwatch/core";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../test/log-lines.ts";
import type { RunnerConfig } from "./runner-config.ts";
import { REFUSED_EXIT_CODE, type RunningRunner, startRunner } from "./start-runner.ts";

const RUNNER_ID = "run_abcdefghijklmnop";

describe("a runner", () => {
  const url = testRedisUrl();
  let keys: ReturnType<typeof testPrefix>;
  let target: Server;
  let targetUrl: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeEach(async () => {
    keys = testPrefix(url);
    target = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((done) => target.listen(0, "127.0.0.1", done));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await new Promise((done) => target.close(done));
    await keys.clean();
  });

  const config: () => RunnerConfig = () => ({
    region: "eu-west-1",
    name: "test",
    brokerUrl: url,
    token: `upr_${RUNNER_ID}_${"A".repeat(43)}`,
    runnerId: RUNNER_ID,
    concurrency: 10,
    allowPrivateTargets: true,
    logLevel: "debug",
  });

  function start(): { runner: RunningRunner; lines: { msg: string }[] } {
    const { logger, lines } = recordingLogger();
    const runner = startRunner(config(), {
      logger,
      prefix: keys.prefix,
      network: createNetworkAccess({ allowPrivateTargets: true }),
    });
    closers.push(() => runner.stop());
    return { runner, lines };
  }

  function leader(): { control: BrokerControl; entries: InboxEntry[] } {
    const control = new BrokerControl({ url, prefix: keys.prefix });
    const inbox = new ReportInbox({ url, prefix: keys.prefix, consumer: "server-1" });
    const entries: InboxEntry[] = [];
    inbox.start(async (batch) => {
      entries.push(...batch);
      await inbox.ack(batch.map((entry) => entry.id));
    });
    closers.push(
      () => control.close(),
      () => inbox.stop(),
    );
    return { control, entries };
  }

  async function publishCheck(): Promise<void> {
    const dispatch = new CheckDispatch({ url, prefix: keys.prefix });
    const now = Date.now();
    await dispatch.publish([
      {
        monitorId: "mon_1",
        region: "eu-west-1",
        plannedAt: now,
        startBy: now + 10_000,
        spec: {
          type: "http",
          target: targetUrl,
          timeoutMs: 5000,
          options: httpOptionsSchema.parse({}),
        },
      },
    ]);
    await dispatch.close();
  }

  it("announces itself and runs checks only once a server accepted it", async () => {
    const server = leader();
    start();
    await publishCheck();
    await eventually(() => server.entries.some((entry) => entry.report?.heartbeat), "a heartbeat");
    const redis = new Redis(url);
    const [group] = (await redis.xinfo("GROUPS", `${keys.prefix}checks:eu-west-1`)) as unknown[][];
    redis.disconnect();
    expect(group?.[group.indexOf("pending") + 1]).toBe(0);
    expect(server.entries.flatMap((entry) => entry.report?.results ?? [])).toEqual([]);

    await server.control.answerRunner({ runnerId: RUNNER_ID, status: "accepted", detail: "" });
    const result = await eventually(
      () => server.entries.flatMap((entry) => entry.report?.results ?? [])[0],
      "the check's result",
    );
    expect(result).toMatchObject({ monitorId: "mon_1", region: "eu-west-1" });
    expect(result.outcome).toMatchObject({ status: "up", statusCode: 200, error: null });
    expect(result.outcome.timings.connectMs).not.toBeNull();
  });

  it("stops with exit code 2 and the server's sentence when refused", async () => {
    const server = leader();
    const { runner, lines } = start();
    await eventually(() => server.entries.length > 0, "a heartbeat");
    const detail = "This token belongs to a runner of eu-west-1, not us-west-2.";
    await server.control.answerRunner({
      runnerId: "run_someoneelseentirely",
      status: "refused",
      detail: "Not you.",
    });
    await server.control.answerRunner({ runnerId: RUNNER_ID, status: "refused", detail });
    expect(await runner.done).toBe(REFUSED_EXIT_CODE);
    expect(lines.map((line) => line.msg)).toContain(detail);
    expect(lines.map((line) => line.msg)).not.toContain("Not you.");
  });

  it("stops with exit code 2 at once when its token is revoked", async () => {
    const server = leader();
    const { runner, lines } = start();
    await eventually(() => server.entries.length > 0, "a heartbeat");
    await server.control.answerRunner({ runnerId: RUNNER_ID, status: "accepted", detail: "" });
    const admin = new BrokerControl({ url, prefix: keys.prefix });
    await admin.announceRevoked(
      RUNNER_ID,
      "This runner's token was revoked on 2026-11-24; issue a new one with npm run admin -- runner add.",
    );
    await admin.close();
    expect(await runner.done).toBe(REFUSED_EXIT_CODE);
    expect(lines.some((line) => line.msg.startsWith("This runner's token was revoked"))).toBe(true);
  });

  it("stops cleanly with exit code 0 when asked to", async () => {
    const server = leader();
    const { runner } = start();
    await eventually(() => server.entries.length > 0, "a heartbeat");
    expect(await runner.stop()).toBe(0);
    expect(await runner.done).toBe(0);
  });
});
