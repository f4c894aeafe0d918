import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BrokerControl } from "./broker-control.ts";
import type { RunnerControlMessage, ServerControlMessage } from "./messages.ts";
import { eventually, testPrefix, testRedisUrl } from "./testing/redis.ts";

describe("the control channels", () => {
  const url = testRedisUrl();
  let keys: ReturnType<typeof testPrefix>;
  let server: BrokerControl;
  let runner: BrokerControl;

  beforeEach(() => {
    keys = testPrefix(url);
    server = new BrokerControl({ url, prefix: keys.prefix });
    runner = new BrokerControl({ url, prefix: keys.prefix });
  });

  afterEach(async () => {
    await Promise.all([server.close(), runner.close()]);
    await keys.clean();
  });

  it("carry the leader's answer to the runners", async () => {
    const heard: RunnerControlMessage[] = [];
    await runner.onRunnerControl((message) => heard.push(message));
    await server.answerRunner({ runnerId: "run_a", status: "accepted", detail: "Welcome." });
    await eventually(() => heard.length === 1, "the answer");
    expect(heard[0]).toEqual({ runnerId: "run_a", status: "accepted", detail: "Welcome." });
  });

  it("announce a revocation to the runner and to the servers", async () => {
    const toRunners: RunnerControlMessage[] = [];
    const toServers: ServerControlMessage[] = [];
    await runner.onRunnerControl((message) => toRunners.push(message));
    await server.onServerControl((message) => toServers.push(message));
    const admin = new BrokerControl({ url, prefix: keys.prefix });
    await admin.announceRevoked("run_a", "This runner's token was revoked on 2026-11-24.");
    await admin.close();
    await eventually(() => toRunners.length === 1 && toServers.length === 1, "both messages");
    expect(toRunners[0]).toMatchObject({ runnerId: "run_a", status: "revoked" });
    expect(toServers[0]).toEqual({ kind: "runner-revoked", runnerId: "run_a" });
  });

  it("ignore messages that are not theirs to read", async () => {
    const heard: RunnerControlMessage[] = [];
    await runner.onRunnerControl((message) => heard.push(message));
    const raw = new Redis(url);
    await raw.publish(`${keys.prefix}runner-control`, "not json");
    await raw.publish(`${keys.prefix}runner-control`, '{"runnerId":"run_a","status":"maybe"}');
    raw.disconnect();
    await server.answerRunner({ runnerId: "run_a", status: "refused", detail: "No." });
    await eventually(() => heard.length === 1, "the valid message");
    expect(heard.map((message) => message.status)).toEqual(["refused"]);
  });
});
