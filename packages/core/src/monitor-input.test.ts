import { describe, expect, it } from "vitest";
import {
  createMonitorSchema,
  describeMonitorIssue,
  monitorRegions,
  updateMonitorSchema,
} from "./monitor-input.ts";
import { CHECK_TYPES, type CheckType } from "./monitors.ts";

function problem(input: unknown): string | null {
  const parsed = createMonitorSchema.safeParse(input);
  return parsed.success ? null : describeMonitorIssue(parsed.error);
}

describe("monitor input", () => {
  it("fills the documented defaults for a minimal HTTP monitor", () => {
    const monitor = createMonitorSchema.parse({
      type: "http",
      name: "Site",
      target: "https://example.com",
    });
    expect(monitor).toMatchObject({
      interval_seconds: 300,
      timeout_seconds: 30,
      region_rule: "majority",
      failure_threshold: 3,
      paused: false,
      options: {
        method: "GET",
        headers: {},
        expected_status_codes: [],
        follow_redirects: true,
        verify_tls: true,
      },
    });
  });

  it("takes a monitor of every check type the product has", () => {
    const smallest: Record<CheckType, Record<string, unknown>> = {
      http: { target: "https://example.com/" },
      keyword: { target: "https://example.com/", options: { keyword: "Welcome" } },
      ping: { target: "example.com" },
      tcp: { target: "example.com:5432" },
      dns: { target: "example.com" },
      ssl: { target: "example.com" },
      multi_step: {
        options: {
          steps: [
            {
              name: "home",
              type: "http_request",
              order_index: 1,
              config: { method: "GET", url: "https://example.com/" },
            },
          ],
        },
      },
      heartbeat: {},
    };
    for (const type of CHECK_TYPES) {
      const parsed = createMonitorSchema.safeParse({ type, name: "x", ...smallest[type] });
      expect(parsed.success ? parsed.data.type : parsed.error.issues, type).toBe(type);
    }
  });

  it("checks the target against the monitor type", () => {
    expect(problem({ type: "http", name: "x", target: "example.com" })).toBe(
      "A http monitor's target must be a URL starting with http:// or https://.",
    );
    expect(problem({ type: "tcp", name: "x", target: "db.example.com" })).toMatch(/host:port/);
    expect(problem({ type: "tcp", name: "x", target: "db.example.com:5432" })).toBeNull();
    expect(problem({ type: "ping", name: "x", target: "10.0.0.1" })).toBeNull();
    expect(
      problem({ type: "dns", name: "x", target: "example.com", options: { record_type: "MX" } }),
    ).toBeNull();
    expect(problem({ type: "ssl", name: "x", target: "example.com:8443" })).toBeNull();
  });

  it("explains bad fields in one sentence naming the field", () => {
    expect(problem({ type: "smtp", name: "x", target: "x" })).toBe(
      "type must be one of http, keyword, ping, tcp, dns, ssl, multi_step, heartbeat.",
    );
    expect(problem({ type: "http", name: "", target: "https://a.test" })).toBe(
      "Give the monitor a name.",
    );
    expect(
      problem({ type: "http", name: "x", target: "https://a.test", interval_seconds: 7200 }),
    ).toBe("interval_seconds can be at most 3600 (60 minutes).");
    expect(problem({ type: "http", name: "x", target: "https://a.test", timeout_seconds: 0 })).toBe(
      "timeout_seconds must be from 1 to 60.",
    );
    expect(problem({ type: "http", name: "x", target: "https://a.test", colour: "red" })).toBe(
      "Unknown field: colour.",
    );
    expect(
      problem({ type: "dns", name: "x", target: "a.test", options: { record_type: "SRV" } }),
    ).toBe("record_type must be one of A, AAAA, CNAME, MX, TXT, NS.");
    expect(problem("nope")).toBe("The request body must be a JSON object.");
  });

  it("requires the keyword of a keyword monitor", () => {
    expect(problem({ type: "keyword", name: "x", target: "https://a.test" })).toBe(
      "A keyword monitor needs options.keyword, the text to look for.",
    );
  });

  it("refuses a timeout longer than the interval", () => {
    expect(
      problem({
        type: "http",
        name: "x",
        target: "https://a.test",
        interval_seconds: 30,
        timeout_seconds: 45,
      }),
    ).toBe("timeout_seconds cannot be longer than interval_seconds.");
  });

  it("refuses headers that Upwatch sets itself or that could split a request", () => {
    const bad = (headers: Record<string, string>) =>
      problem({ type: "http", name: "x", target: "https://a.test", options: { headers } });
    expect(bad({ Host: "evil.test" })).toMatch(/set by Upwatch itself/);
    expect(bad({ "x-a": "1\r\nx-b: 2" })).toBe("Header values cannot contain line breaks.");
  });

  it("accepts partial updates and refuses unknown fields in them", () => {
    expect(updateMonitorSchema.parse({ name: "New" })).toEqual({ name: "New" });
    expect(updateMonitorSchema.safeParse({ nme: "New" }).success).toBe(false);
  });

  it("takes a list of regions and a region rule", () => {
    const monitor = createMonitorSchema.parse({
      type: "http",
      name: "Site",
      target: "https://a.test",
      regions: ["eu-west-1", "us-west-2"],
      region_rule: "all",
    });
    expect(monitorRegions(monitor, "us-west-1")).toEqual(["eu-west-1", "us-west-2"]);
    expect(monitor.region_rule).toBe("all");
  });

  it("still takes one region, the same as a list of that region", () => {
    const monitor = createMonitorSchema.parse({
      type: "http",
      name: "Site",
      target: "https://a.test",
      region: "eu-west-1",
    });
    expect(monitorRegions(monitor, "us-west-1")).toEqual(["eu-west-1"]);
    const none = createMonitorSchema.parse({
      type: "http",
      name: "Site",
      target: "https://a.test",
    });
    expect(monitorRegions(none, "us-west-2")).toEqual(["us-west-2"]);
  });

  it("refuses a region that disagrees with the list of regions", () => {
    const base = { type: "http", name: "x", target: "https://a.test" };
    expect(problem({ ...base, region: "us-west-1", regions: ["eu-west-1"] })).toBe(
      "region (us-west-1) and regions (eu-west-1) disagree: send regions alone, or a region that is the first of regions.",
    );
    expect(
      problem({ ...base, region: "eu-west-1", regions: ["eu-west-1", "us-west-1"] }),
    ).toBeNull();
  });

  it("refuses an empty, repeated, unknown or too long list of regions", () => {
    const base = { type: "http", name: "x", target: "https://a.test" };
    expect(problem({ ...base, regions: [] })).toBe("regions must name at least one region.");
    expect(problem({ ...base, regions: ["eu-west-1", "eu-west-1"] })).toBe(
      "regions must not name a region twice.",
    );
    expect(problem({ ...base, regions: ["mars-1"] })).toBe(
      "regions must be some of us-west-1, us-west-2, eu-west-1, ap-southeast-2.",
    );
    expect(problem({ ...base, region_rule: "most" })).toBe(
      "region_rule must be one of any, majority, all.",
    );
  });

  it("refuses an agent id with a NUL character in a new monitor and in a change", () => {
    const base = { type: "http", name: "x", target: "https://a.test" };
    expect(problem({ ...base, agent_id: "agt_\u0000x" })).toBe(
      "agent_id must not contain NUL characters or broken Unicode.",
    );
    const patch = updateMonitorSchema.safeParse({ agent_id: "agt_\u0000x" });
    expect(patch.success ? null : describeMonitorIssue(patch.error)).toBe(
      "agent_id must not contain NUL characters or broken Unicode.",
    );
  });
});
