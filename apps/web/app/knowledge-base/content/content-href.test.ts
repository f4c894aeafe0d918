import { describe, expect, it } from "vitest";
import { resolveContentHref } from "./content-href.ts";

describe("where a link written in an article leads", () => {
  it.each([
    ["./linux-agent.md", "/knowledge-base/linux-agent"],
    ["./linux-agent", "/knowledge-base/linux-agent"],
    ["../guides/monitoring-agents.md", "/knowledge-base/monitoring-agents"],
    ["sms-alerts.md", "/knowledge-base/sms-alerts"],
    [
      "./escalating-hysteresis.md#the-escalation-schedule",
      "/knowledge-base/escalating-hysteresis#the-escalation-schedule",
    ],
    ["/contact", "/contact"],
  ])("maps %s to %s in the app", (href, to) => {
    expect(resolveContentHref(href)).toEqual({ kind: "internal", to });
  });

  it("treats http and https links as external", () => {
    expect(resolveContentHref("https://api.slack.com/x")).toEqual({
      kind: "external",
      href: "https://api.slack.com/x",
    });
    expect(resolveContentHref("http://example.com").kind).toBe("external");
  });

  it("leaves anchors, mail links and other schemes alone", () => {
    expect(resolveContentHref("#step-1").kind).toBe("plain");
    expect(resolveContentHref("mailto:support@upwatch.example").kind).toBe("plain");
    expect(resolveContentHref("").kind).toBe("plain");
  });
});
