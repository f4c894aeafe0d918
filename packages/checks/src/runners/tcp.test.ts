import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "../network/address-policy.ts";
import { runCheck } from "../registry.ts";
import {
  closedPort,
  type LoopbackServer,
  startSilentTcpServer,
  testNetwork,
} from "../testing/index.ts";

describe("the TCP runner", () => {
  let server: LoopbackServer;
  const network = testNetwork({ hosts: { "db.test": ["127.0.0.1"] } });
  beforeAll(async () => {
    server = await startSilentTcpServer();
  });
  afterAll(() => server.close());

  const check = (target: string, net = network) =>
    runCheck({ type: "tcp", target, timeoutMs: 2000, options: {} }, { network: net });

  it("is up when the port accepts a connection, with DNS and connect timings", async () => {
    const outcome = await check(`db.test:${server.port}`);
    expect(outcome).toMatchObject({ status: "up", error: null, statusCode: null });
    expect(outcome.timings.dnsMs).toBeGreaterThanOrEqual(0);
    expect(outcome.timings.connectMs).toBeGreaterThanOrEqual(0);
  });

  it("is down when the port is closed", async () => {
    const port = await closedPort();
    const outcome = await check(`127.0.0.1:${port}`);
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      `The connection to 127.0.0.1:${port} was refused (nothing is listening there).`,
    );
  });

  it("refuses a loopback target under the default policy", async () => {
    const guarded = { ...network, policy: createAddressPolicy({ allowPrivateTargets: false }) };
    const outcome = await check(`127.0.0.1:${server.port}`, guarded);
    expect(outcome.error).toMatch(/^Refused to connect to 127\.0\.0\.1/);
  });
});
