import { getPlan } from "@upwatch/core";
import { describe, expect, it } from "vitest";
import { defaultFormValues, type MonitorFormValues } from "./form-values.ts";
import { validateMonitorForm } from "./validate-monitor-form.ts";

const free = getPlan("free");
const hobby = getPlan("hobby");

function values(changes: Partial<MonitorFormValues>): MonitorFormValues {
  return { ...defaultFormValues(300), name: "Shop", target: "https://shop.example/", ...changes };
}

describe("checking the monitor form in the browser", () => {
  it("accepts a plain HTTP monitor and builds the body the API takes", () => {
    const check = validateMonitorForm(values({ expected_status_codes: "200, 204" }), free, 0);
    expect(check.errors).toEqual({});
    expect(check.payload).toMatchObject({
      type: "http",
      name: "Shop",
      interval_seconds: 300,
      group_ids: [],
      options: { method: "GET", expected_status_codes: [200, 204], headers: {}, auth: null },
    });
  });

  it("says under the interval that the Free plan checks at most every 5 minutes", () => {
    const check = validateMonitorForm(values({ interval_seconds: "60" }), free, 0);
    expect(check.payload).toBeNull();
    expect(check.errors.interval_seconds).toMatch(/^The Free plan checks at most every 5 minutes/);
  });

  it("allows the one-minute interval on Hobby", () => {
    expect(validateMonitorForm(values({ interval_seconds: "60" }), hobby, 0).errors).toEqual({});
  });

  it("names the field in the person's words when a number is out of range", () => {
    const check = validateMonitorForm(values({ failure_threshold: "0" }), free, 0);
    expect(check.errors.failure_threshold).toBe("The failure threshold must be from 1 to 20.");
  });

  it("refuses a timeout typed as text and a target of the wrong shape, naming the field and type as the form shows them", () => {
    const check = validateMonitorForm(values({ timeout_seconds: "ten", target: "shop" }), free, 0);
    expect(check.errors.timeout_seconds).toMatch(/whole number of seconds/);
    expect(check.errors.target).toBe(
      "The URL of HTTP/HTTPS monitors must be an address starting with http:// or https://.",
    );
  });

  it("puts the plan's check-type rule under the type", () => {
    const check = validateMonitorForm(values({ type: "tcp", target: "db.example:5432" }), free, 0);
    expect(check.errors.type).toMatch(/^TCP monitors need the Hobby plan or above/);
  });

  it("shows the monitor limit above the form once the plan's monitors are used", () => {
    expect(validateMonitorForm(values({}), free, 10).formError).toBe(
      "Your Free plan allows 10 monitors. Delete a monitor or upgrade your plan to add another.",
    );
    expect(validateMonitorForm(values({}), free, null).formError).toBeNull();
  });

  it("asks for a keyword and turns badly typed status codes into a sentence", () => {
    const keyword = validateMonitorForm(values({ type: "keyword" }), free, 0);
    expect(keyword.errors.keyword).toBe("The keyword cannot be empty.");
    const codes = validateMonitorForm(values({ expected_status_codes: "200, ok" }), free, 0);
    expect(codes.errors.expected_status_codes).toBe(
      '"ok" is not a status code or a range: write a code such as 204 or a range such as 200-299.',
    );
  });

  it("sends codes and ranges as typed, and names a reversed range on its field", () => {
    const check = validateMonitorForm(values({ expected_status_codes: "200, 301 - 308" }), free, 0);
    expect(check.payload).toMatchObject({ options: { expected_status_codes: [200, "301-308"] } });
    const reversed = validateMonitorForm(values({ expected_status_codes: "299-200" }), free, 0);
    expect(reversed.errors.expected_status_codes).toBe(
      "The range 299-200 is reversed: write the lower code first (200-299).",
    );
  });

  it("keeps custom headers for Hobby and refuses them on Free", () => {
    const headers = [{ name: "X-Probe", value: "1", secret: false }];
    expect(validateMonitorForm(values({ headers }), free, 0).errors.headers).toMatch(
      /Custom headers and authentication need the Hobby plan/,
    );
    expect(validateMonitorForm(values({ headers }), hobby, 0).payload).toMatchObject({
      options: { headers: { "X-Probe": "1" } },
    });
  });
});

describe("every problem of the monitor form at once", () => {
  it("shows the plan's rules next to a target of the wrong shape", () => {
    const interval = validateMonitorForm(
      values({ target: "shop", interval_seconds: "60" }),
      free,
      0,
    );
    expect(interval.errors.target).toMatch(/must be an address starting with/);
    expect(interval.errors.interval_seconds).toMatch(
      /^The Free plan checks at most every 5 minutes/,
    );
    const tcp = validateMonitorForm(values({ type: "tcp", target: "db.example" }), free, 0);
    expect(tcp.errors.target).toBe(
      "The target of TCP monitors must be host:port, such as db.example.com:5432.",
    );
    expect(tcp.errors.type).toMatch(/^TCP monitors need the Hobby plan or above/);
  });
});

describe("the regions a monitor is checked from", () => {
  it("sends every chosen region and the rule in place of a single region", () => {
    const check = validateMonitorForm(
      values({ regions: ["us-west-1", "eu-west-1"], region_rule: "all" }),
      hobby,
      0,
    );
    expect(check.errors).toEqual({});
    expect(check.payload).toMatchObject({
      regions: ["us-west-1", "eu-west-1"],
      region_rule: "all",
    });
    expect(check.payload).not.toHaveProperty("region");
  });

  it("says under the regions that several need Hobby on the Free plan", () => {
    const check = validateMonitorForm(values({ regions: ["us-west-1", "eu-west-1"] }), free, 0);
    expect(check.payload).toBeNull();
    expect(check.errors.regions).toBe("Several regions need the Hobby plan or above.");
  });

  it("leaves a Free monitor's one region to the server, which runs it from its default region", () => {
    const check = validateMonitorForm(values({ regions: ["us-west-1"] }), free, 0);
    expect(check.errors).toEqual({});
    expect(check.payload).not.toHaveProperty("regions");
    expect(check.payload).not.toHaveProperty("region");
  });

  it("asks for a region when none is chosen", () => {
    const check = validateMonitorForm(values({ regions: [] }), hobby, 0);
    expect(check.errors.regions).toBe("Choose at least one region to check from.");
  });
});
