import { dnsOptionsSchema } from "@upwatch/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "../network/address-policy.ts";
import { runCheck } from "../registry.ts";
import { type LoopbackServer, startDnsServer, testNetwork } from "../testing/index.ts";

describe("the DNS runner against a real DNS server on loopback", () => {
  let server: LoopbackServer;
  const network = testNetwork();
  beforeAll(async () => {
    server = await startDnsServer({
      "example.test": {
        A: ["192.0.2.10", "192.0.2.11"],
        AAAA: ["2001:db8::10"],
        MX: ["10 mail.example.test"],
        TXT: ["v=spf1 -all"],
        NS: ["ns1.example.test"],
      },
      "www.example.test": { CNAME: ["example.test"] },
    });
  });
  afterAll(() => server.close());

  const check = (target: string, options: Record<string, unknown>, net = network) =>
    runCheck(
      {
        type: "dns",
        target,
        timeoutMs: 2000,
        options: dnsOptionsSchema.parse({ resolver: `127.0.0.1:${server.port}`, ...options }),
      },
      { network: net },
    );

  it("is up when the name has records of the type, timing the lookup", async () => {
    const outcome = await check("example.test", { record_type: "A" });
    expect(outcome).toMatchObject({ status: "up", error: null });
    expect(outcome.timings.dnsMs).toBeGreaterThanOrEqual(0);
  });

  it("finds the expected value among the answers of each record type", async () => {
    const cases: Array<[string, string, string]> = [
      ["example.test", "A", "192.0.2.11"],
      ["example.test", "AAAA", "2001:db8::10"],
      ["example.test", "MX", "mail.example.test"],
      ["example.test", "TXT", "v=spf1 -all"],
      ["example.test", "NS", "NS1.example.test."],
      ["www.example.test", "CNAME", "example.test"],
    ];
    for (const [name, type, expected] of cases) {
      const outcome = await check(name, { record_type: type, expected_value: expected });
      expect(outcome.status, `${type} ${expected}`).toBe("up");
    }
  });

  it("is down when the expected value is not among the answers", async () => {
    const outcome = await check("example.test", { record_type: "A", expected_value: "192.0.2.99" });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(
      'Expected a A record "192.0.2.99" but found "192.0.2.10", "192.0.2.11".',
    );
  });

  it("is down when the name does not exist", async () => {
    const outcome = await check("missing.example.test", { record_type: "A" });
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe("missing.example.test does not exist (NXDOMAIN).");
  });

  it("refuses a resolver in a private range under the default policy", async () => {
    const guarded = testNetwork({ policy: createAddressPolicy({ allowPrivateTargets: false }) });
    const outcome = await check("example.test", { record_type: "A" }, guarded);
    expect(outcome.error).toMatch(/^Refused to connect to 127\.0\.0\.1: it is a loopback address/);
  });
});
