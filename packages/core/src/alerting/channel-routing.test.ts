import { describe, expect, it } from "vitest";
import {
  channelReceives,
  decodeSeverities,
  encodeSeverities,
  linksOf,
  type RoutedChannel,
} from "./channel-routing.ts";

const NOON_UTC = Date.UTC(2026, 5, 15, 12);
const paging = (type: string) => type === "pager";

describe("routing a notification to a channel", () => {
  const channel = (changes: Partial<RoutedChannel> = {}): RoutedChannel => ({
    type: "webhook",
    severities: ["critical", "warning", "info"],
    quietHours: null,
    ...changes,
  });

  it("sends each severity only to channels that receive it", () => {
    const criticalOnly = channel({ severities: ["critical"] });
    const down = { severity: "critical", event: "monitor.down", at: NOON_UTC } as const;
    const warning = { severity: "warning", event: "ssl.expiring", at: NOON_UTC } as const;
    expect(channelReceives(criticalOnly, down, paging)).toBe(true);
    expect(channelReceives(criticalOnly, warning, paging)).toBe(false);
    expect(channelReceives(channel(), warning, paging)).toBe(true);
  });

  it("holds warnings and their recoveries in quiet hours and lets critical ones through", () => {
    const quiet = channel({ quietHours: { from: "11:00", until: "13:00", time_zone: "UTC" } });
    expect(
      channelReceives(quiet, { severity: "warning", event: "ssl.expiring", at: NOON_UTC }, paging),
    ).toBe(false);
    expect(
      channelReceives(
        quiet,
        { severity: "warning", event: "alert.resolved", at: NOON_UTC },
        paging,
      ),
    ).toBe(false);
    expect(
      channelReceives(quiet, { severity: "critical", event: "monitor.up", at: NOON_UTC }, paging),
    ).toBe(true);
  });

  it("sends an acknowledgement only to the types that take acknowledgements", () => {
    const acknowledged = {
      severity: "critical",
      event: "alert.acknowledged",
      at: NOON_UTC,
    } as const;
    expect(channelReceives(channel({ type: "pager" }), acknowledged, paging)).toBe(true);
    expect(channelReceives(channel({ type: "webhook" }), acknowledged, paging)).toBe(false);
    expect(
      channelReceives(channel({ type: "pager", severities: ["warning"] }), acknowledged, paging),
    ).toBe(false);
  });
});

describe("attachments and their severities", () => {
  it("gives a plain id every severity and joins an id listed twice", () => {
    expect(linksOf(["chn_a"], undefined)).toEqual([
      { id: "chn_a", severities: ["critical", "warning", "info"] },
    ]);
    expect(
      linksOf(undefined, [
        { id: "chn_a", severities: ["info"] },
        { id: "chn_a", severities: ["critical"] },
      ]),
    ).toEqual([{ id: "chn_a", severities: ["critical", "info"] }]);
    expect(linksOf(undefined, undefined)).toBeUndefined();
  });

  it("stores severities in one order and reads anything unreadable as every severity", () => {
    expect(encodeSeverities(["info", "critical"])).toBe("critical,info");
    expect(decodeSeverities("warning")).toEqual(["warning"]);
    expect(decodeSeverities("")).toEqual(["critical", "warning", "info"]);
  });
});
