import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../registry.ts";
import {
  createSelfSignedCertificate,
  createTestAuthority,
  type LoopbackServer,
  startHttpsServer,
  testNetwork,
} from "../testing/index.ts";

const DAY = 86_400_000;

describe("the SSL certificate runner", () => {
  const authority = createTestAuthority();
  const network = testNetwork({
    hosts: { "monitor.test": ["127.0.0.1"] },
    trustedCertificates: [authority.cert],
  });
  const servers: Record<string, LoopbackServer> = {};
  const inDays = (days: number) => new Date(Date.now() + days * DAY);

  beforeAll(async () => {
    const answer = (_request: unknown, response: { end(): void }) => response.end();
    const hosts = ["monitor.test"];
    servers.valid = await startHttpsServer(
      authority.issue({ hosts, notAfter: inDays(60.5) }),
      answer,
    );
    servers.expiring = await startHttpsServer(
      authority.issue({ hosts, notAfter: inDays(3.5) }),
      answer,
    );
    servers.expired = await startHttpsServer(
      authority.issue({ hosts, notBefore: inDays(-30), notAfter: inDays(-1.5) }),
      answer,
    );
    servers.wrongHost = await startHttpsServer(authority.issue({ hosts: ["other.test"] }), answer);
    servers.selfSigned = await startHttpsServer(createSelfSignedCertificate({ hosts }), answer);
  });
  afterAll(async () => {
    for (const server of Object.values(servers)) await server.close();
  });

  const check = (server: string, minDays = 7) =>
    runCheck(
      {
        type: "ssl",
        target: `monitor.test:${servers[server]!.port}`,
        timeoutMs: 5000,
        options: { min_days_remaining: minDays },
      },
      { network },
    );

  it("is up for a trusted certificate with enough days left, timing the handshake", async () => {
    const outcome = await check("valid");
    expect(outcome).toMatchObject({ status: "up", error: null });
    expect(outcome.timings.tlsMs).toBeGreaterThanOrEqual(0);
  });

  it("is down when fewer days are left than the minimum", async () => {
    const outcome = await check("expiring");
    expect(outcome.status).toBe("down");
    expect(outcome.error).toMatch(
      /^The certificate expires in 3 days \(on \d{4}-\d\d-\d\d\), under the 7-day minimum\.$/,
    );
    expect((await check("expiring", 0)).status).toBe("up");
  });

  it("is down for an expired certificate, saying when it expired", async () => {
    const outcome = await check("expired");
    expect(outcome.error).toMatch(/^The certificate expired on \d{4}-\d\d-\d\d \(1 day ago\)\.$/);
  });

  it("is down when the certificate does not cover the host name", async () => {
    const outcome = await check("wrongHost");
    expect(outcome.error).toMatch(/^The certificate does not cover monitor\.test/);
  });

  it("is down for a self-signed certificate", async () => {
    const outcome = await check("selfSigned");
    expect(outcome.error).toMatch(/^The certificate is not trusted: .*self-signed/);
  });
});
