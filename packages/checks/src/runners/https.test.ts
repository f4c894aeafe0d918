import { httpOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import {
  createSelfSignedCertificate,
  createTestAuthority,
  type LoopbackServer,
  startHttpsServer,
  startSilentTcpServer,
  testNetwork,
} from "../testing/index.ts";

const DAY = 86_400_000;

describe("the HTTP runner over HTTPS", () => {
  const authority = createTestAuthority();
  const network = testNetwork({
    hosts: { "monitor.test": ["127.0.0.1"] },
    trustedCertificates: [authority.cert],
  });
  const servers: Record<string, LoopbackServer> = {};
  const answer = (_request: unknown, response: { end(body: string): void }) =>
    response.end("secure");

  beforeAll(async () => {
    servers.valid = await startHttpsServer(authority.issue({ hosts: ["monitor.test"] }), answer);
    servers.selfSigned = await startHttpsServer(
      createSelfSignedCertificate({ hosts: ["monitor.test"] }),
      answer,
    );
    servers.expired = await startHttpsServer(
      authority.issue({
        hosts: ["monitor.test"],
        notBefore: new Date(Date.now() - 90 * DAY),
        notAfter: new Date(Date.now() - 2 * DAY),
      }),
      answer,
    );
    servers.wrongHost = await startHttpsServer(authority.issue({ hosts: ["other.test"] }), answer);
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  const check = (server: string, options: Record<string, unknown> = {}) =>
    runCheck(
      {
        type: "http",
        target: `https://monitor.test:${servers[server]!.port}/`,
        timeoutMs: 5000,
        options: httpOptionsSchema.parse(options),
      },
      { network },
    );

  it("is up for a trusted certificate and measures every phase", async () => {
    const outcome = await check("valid");
    expect(outcome).toMatchObject({ status: "up", statusCode: 200, error: null });
    for (const phase of ["dnsMs", "connectMs", "tlsMs", "firstByteMs"] as const) {
      expect(outcome.timings[phase]).toBeGreaterThanOrEqual(0);
    }
  });

  it("is down for a self-signed certificate", async () => {
    const outcome = await check("selfSigned");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/self-signed and not trusted/);
  });

  it("is down for an expired certificate", async () => {
    const outcome = await check("expired");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/has expired/);
  });

  it("is down for a certificate issued to another host", async () => {
    const outcome = await check("wrongHost");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(/does not cover that host name/);
  });

  it("is down after the timeout when the server never completes the TLS handshake", async () => {
    const silent = await startSilentTcpServer();
    const outcome = await runCheck(
      {
        type: "http",
        target: `https://monitor.test:${silent.port}/`,
        timeoutMs: 1000,
        options: httpOptionsSchema.parse({}),
      },
      { network },
    );
    await silent.close();
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe("No complete answer within 1 second (the monitor's timeout).");
  });

  it("ignores certificate problems when verification is turned off", async () => {
    const outcome = await check("selfSigned", { verify_tls: false });
    expect(outcome).toMatchObject({ status: "up", statusCode: 200 });
  });
});
