import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMonitorSchema, monitorRegions } from "./monitor-input.ts";
import { monitorCountViolation, monitorSettingsViolation } from "./monitor-plan-rules.ts";
import { CHECK_TYPES } from "./monitors.ts";
import { getPlan, PLANS } from "./plans.ts";

const free = getPlan("free");
const hobby = getPlan("hobby");
const enterprise = getPlan("enterprise");

function monitor(fields: Record<string, unknown>) {
  const input = createMonitorSchema.parse({
    name: "m",
    type: "http",
    target: "https://a.test",
    ...fields,
  });
  return { ...input, regions: monitorRegions(input, "us-west-1") };
}

describe("the plan rules for monitors", () => {
  it("stop a plan at its monitor count", () => {
    expect(monitorCountViolation(free, 9)).toBeNull();
    expect(monitorCountViolation(free, 10)?.detail).toBe(
      "Your Free plan allows 10 monitors. Delete a monitor or upgrade your plan to add another.",
    );
    expect(monitorCountViolation(enterprise, 999)).toBeNull();
  });

  it("hold every plan to its minimum interval, for every interval", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLANS),
        fc.integer({ min: 30, max: 3600 }),
        (plan, seconds) => {
          const violation = monitorSettingsViolation(
            plan,
            monitor({ interval_seconds: seconds }),
            "us-west-1",
          );
          expect(violation?.rule === "interval").toBe(seconds < plan.limits.minIntervalSeconds);
        },
      ),
    );
    expect(
      monitorSettingsViolation(free, monitor({ interval_seconds: 60 }), "us-west-1")?.detail,
    ).toBe(
      "The Free plan checks at most every 5 minutes: set interval_seconds to 300 or more, or upgrade your plan.",
    );
  });

  it("offer Free only the basic types and heartbeats, and every type from Hobby up", () => {
    const targets: Record<string, string> = {
      http: "https://a.test",
      keyword: "https://a.test",
      ping: "a.test",
      tcp: "a.test:1",
      dns: "a.test",
      ssl: "a.test",
    };
    const steps = [
      { name: "home", type: "http_request", order_index: 1, config: { url: "https://a.test" } },
    ];
    for (const type of CHECK_TYPES) {
      const options =
        type === "keyword" ? { keyword: "ok" } : type === "multi_step" ? { steps } : {};
      const input =
        type === "heartbeat"
          ? monitor({ type, target: undefined, options })
          : monitor({
              type,
              target: type === "multi_step" ? undefined : targets[type],
              options,
              interval_seconds: 300,
            });
      expect(monitorSettingsViolation(hobby, input, "us-west-1")).toBeNull();
      const basic = ["http", "keyword", "ping", "heartbeat"].includes(type);
      expect(monitorSettingsViolation(free, input, "us-west-1")?.rule ?? null).toBe(
        basic ? null : "check-type",
      );
    }
    expect(
      monitorSettingsViolation(
        free,
        monitor({ type: "tcp", target: "a.test:1", interval_seconds: 300 }),
        "us-west-1",
      )?.detail,
    ).toBe(
      "TCP monitors need the Hobby plan or above; the Free plan offers HTTP/HTTPS, Keyword, Ping, Heartbeat.",
    );
  });

  it("keep custom headers, authentication and regions for Hobby and above", () => {
    const headers = monitor({ interval_seconds: 300, options: { headers: { "x-a": "1" } } });
    expect(monitorSettingsViolation(free, headers, "us-west-1")?.detail).toBe(
      "Custom headers and authentication need the Hobby plan or above.",
    );
    const auth = monitor({
      interval_seconds: 300,
      options: { auth: { type: "bearer", token: "t" } },
    });
    expect(monitorSettingsViolation(free, auth, "us-west-1")?.rule).toBe("headers-and-auth");
    const region = monitor({ interval_seconds: 300, region: "eu-west-1" });
    expect(monitorSettingsViolation(free, region, "us-west-1")?.rule).toBe("region");
    expect(monitorSettingsViolation(hobby, region, "us-west-1")).toBeNull();
  });
});
