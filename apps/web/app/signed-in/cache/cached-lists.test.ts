import type { InfiniteData } from "@tanstack/react-query";
import type { AlertPage, AlertView, CheckPage, CheckView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { addCheck, placeAlert, upsertById } from "./cached-lists.ts";

function alert(id: string, changes: Partial<AlertView> = {}): AlertView {
  return {
    id,
    monitor_id: "mon_1",
    agent_id: null,
    subject: { type: "monitor", id: "mon_1", name: "Shop" },
    incident_id: null,
    kind: "monitor-down",
    severity: "critical",
    state: "open",
    message: "Shop is down",
    opened_at: "2026-11-21T10:00:00.000Z",
    acknowledged_at: null,
    resolved_at: null,
    resolution: null,
    notifications_sent: 1,
    next_notification_at: null,
    suppressed: false,
    suppressed_by: [],
    held_by: [],
    held_by_maintenance: null,
    ...changes,
  };
}

function check(id: string, at: string): CheckView {
  return {
    id,
    checked_at: at,
    planned_at: at,
    steps: null,
    status: "up",
    response_time_ms: 90,
    timings: null,
    status_code: 200,
    error: null,
    region: "us-west-1",
  };
}

function pages<T>(...lists: T[][]): InfiniteData<{ data: T[]; next_before: number | null }> {
  return {
    pages: lists.map((data, index) => ({ data, next_before: index < lists.length - 1 ? 1 : null })),
    pageParams: lists.map((_, index) => (index === 0 ? undefined : index)),
  };
}

const ids = (list: InfiniteData<AlertPage> | InfiniteData<CheckPage>) =>
  list.pages.map((page) => page.data.map((item) => item.id));

describe("an alert arriving in a cached list of alerts", () => {
  const active = { state: "open" as const, limit: 50 };

  it("puts a new alert that fits the list on top", () => {
    const next = placeAlert(pages([alert("a")]), alert("b"), active);
    expect(ids(next)).toEqual([["b", "a"]]);
  });

  it("replaces an alert where it was when it changed but still fits", () => {
    const list = pages([alert("a")], [alert("b")]);
    const next = placeAlert(list, alert("b", { notifications_sent: 3 }), active);
    expect(ids(next)).toEqual([["a"], ["b"]]);
    expect(next.pages[1]?.data[0]?.notifications_sent).toBe(3);
  });

  it("takes an acknowledged alert off the Active list", () => {
    const next = placeAlert(
      pages([alert("a"), alert("b")]),
      alert("a", { state: "acknowledged" }),
      active,
    );
    expect(ids(next)).toEqual([["b"]]);
  });

  it("leaves a list alone when the alert is of another monitor or severity", () => {
    const list = pages([alert("a")]);
    expect(
      placeAlert(list, alert("x", { monitor_id: "mon_2" }), { monitorId: "mon_1", limit: 20 }),
    ).toBe(list);
    expect(
      placeAlert(list, alert("y", { severity: "info" }), { severity: "critical", limit: 50 }),
    ).toBe(list);
  });
});

describe("a check arriving in a monitor's cached checks", () => {
  it("adds it once, newest first", () => {
    const list = pages([
      check("c2", "2026-11-21T10:02:00.000Z"),
      check("c1", "2026-11-21T10:01:00.000Z"),
    ]);
    const next = addCheck(list, check("c3", "2026-11-21T10:03:00.000Z"));
    expect(ids(next)).toEqual([["c3", "c2", "c1"]]);
    expect(addCheck(next, check("c3", "2026-11-21T10:03:00.000Z"))).toBe(next);
  });
});

describe("a monitor arriving in the cached list of monitors", () => {
  it("replaces a known monitor and adds a new one at the end", () => {
    const list = {
      data: [
        { id: "m1", name: "Shop" },
        { id: "m2", name: "API" },
      ],
    };
    expect(upsertById(list, { id: "m1", name: "Shop front" }).data).toEqual([
      { id: "m1", name: "Shop front" },
      { id: "m2", name: "API" },
    ]);
    expect(upsertById(list, { id: "m3", name: "Blog" }).data.map((item) => item.id)).toEqual([
      "m1",
      "m2",
      "m3",
    ]);
  });
});
