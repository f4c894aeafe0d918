import { describe, expect, it } from "vitest";
import { createAddressPolicy } from "../network/address-policy.ts";
import { runCheck } from "../registry.ts";
import { testNetwork } from "../testing/index.ts";
import { PING_MISSING } from "./ping.ts";

// Needs the system ping program (Debian: iputils-ping); `npm test` installs it when run as root.
describe("the ping runner", () => {
  const check = (
    target: string,
    network = testNetwork({ hosts: { "router.test": ["127.0.0.1"] } }),
  ) => runCheck({ type: "ping", target, timeoutMs: 3000, options: {} }, { network });

  it("is up when 127.0.0.1 answers, with the round-trip time", async () => {
    const outcome = await check("127.0.0.1");
    expect(outcome).toMatchObject({ status: "up", error: null });
    expect(outcome.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect(outcome.responseTimeMs).toBeLessThan(1000);
  });

  it("pings the validated address of a host name", async () => {
    const outcome = await check("router.test");
    expect(outcome.status).toBe("up");
    expect(outcome.timings.dnsMs).toBeGreaterThanOrEqual(0);
  });

  it("says how to install ping when the program is missing", async () => {
    const outcome = await check("127.0.0.1", testNetwork({ pingCommand: "/nonexistent/ping" }));
    expect(outcome.status).toBe("down");
    expect(outcome.error).toBe(PING_MISSING);
  });

  it("refuses loopback under the default policy without running ping", async () => {
    const outcome = await check(
      "127.0.0.1",
      testNetwork({
        policy: createAddressPolicy({ allowPrivateTargets: false }),
        pingCommand: "/nonexistent/ping",
      }),
    );
    expect(outcome.error).toMatch(/^Refused to connect to 127\.0\.0\.1/);
  });
});
