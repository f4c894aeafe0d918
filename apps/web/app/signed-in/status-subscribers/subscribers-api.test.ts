import { describe, expect, it } from "vitest";
import { subscriberCountText, subscriberFilterOf, subscribersPath } from "./subscribers-api.ts";

describe("filtering a page's subscribers by status", () => {
  it("asks for everyone without a status, and for one status when it is chosen", () => {
    expect(subscribersPath("page1", "all", "")).toBe("/status-pages/page1/subscribers?limit=100");
    expect(subscribersPath("page1", "confirmed", "")).toBe(
      "/status-pages/page1/subscribers?limit=100&status=confirmed",
    );
  });

  it("keeps the status when showing more subscribers", () => {
    expect(subscribersPath("page1", "pending", "sub42")).toBe(
      "/status-pages/page1/subscribers?limit=100&status=pending&after=sub42",
    );
  });

  it("shows everyone when the address names no status or an unknown one", () => {
    expect(subscriberFilterOf(null)).toBe("all");
    expect(subscriberFilterOf("bounced")).toBe("all");
    expect(subscriberFilterOf("unsubscribed")).toBe("unsubscribed");
  });
});

describe("counting the subscribers the filter finds", () => {
  it("says how many there are in all, or how many have the chosen status", () => {
    expect(subscriberCountText(1200, "all")).toBe("1,200 in all.");
    expect(subscriberCountText(3, "confirmed")).toBe("3 confirmed.");
    expect(subscriberCountText(1, "pending")).toBe("1 waiting for confirmation.");
  });
});
