import { describe, expect, it } from "vitest";
import { buildAlertMessage } from "./notification-message.ts";
import { withRegions } from "./outages.ts";

const monitor = {
  id: "mon_1",
  name: "Checkout API",
  target: "https://example.com/",
  type: "http",
  region: "us-west-1",
} as Parameters<typeof buildAlertMessage>[0]["monitor"];

const input = (check: Parameters<typeof buildAlertMessage>[0]["check"]) =>
  buildAlertMessage({
    event: "monitor.down",
    at: 1_800_000_000_000,
    monitor,
    alert: { id: "alt_1", severity: "critical", message: "Down.", openedAt: 1_800_000_000_000 },
    check,
    consecutiveFailures: 1,
    number: 1,
    alertUrl: "http://upwatch.test/a/x",
  });

describe("where a notification says a monitor failed", () => {
  it("names the first failed region in metadata.region and every failed one in metadata.regions", () => {
    const message = input({
      checkedAt: 1_800_000_000_000,
      statusCode: 503,
      responseMs: 40,
      region: "us-west-1",
      failedRegions: ["eu-west-1", "ap-southeast-2"],
    });
    expect(message.payload.metadata).toMatchObject({
      region: "eu-west-1",
      regions: ["eu-west-1", "ap-southeast-2"],
    });
  });

  it("names the check's own region when no region failed", () => {
    const message = input({
      checkedAt: 1_800_000_000_000,
      statusCode: 200,
      responseMs: 40,
      region: "us-west-2",
    });
    expect(message.payload.metadata).toMatchObject({ region: "us-west-2", regions: ["us-west-2"] });
  });

  it("ends the alert's text with the regions that failed", () => {
    expect(
      withRegions("The server answered 503.", ["eu-west-1", "us-west-2", "ap-southeast-2"]),
    ).toBe("The server answered 503. Failed from eu-west-1, us-west-2 and ap-southeast-2.");
    expect(withRegions("Timed out", ["eu-west-1"])).toBe("Timed out. Failed from eu-west-1.");
    expect(withRegions("Timed out.", undefined)).toBe("Timed out.");
  });
});
