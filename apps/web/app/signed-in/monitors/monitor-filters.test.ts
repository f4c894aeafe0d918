import type { MonitorOverview, MonitorView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import {
  filterMonitors,
  groupNames,
  readMonitorFilters,
  sortMonitors,
  writeMonitorFilters,
} from "./monitor-filters.ts";

function monitor(id: string, changes: Partial<MonitorView>): MonitorView {
  return {
    id,
    name: id,
    type: "http",
    target: `https://${id}.example/`,
    interval_seconds: 300,
    timeout_seconds: 30,
    region: "us-west-1",
    regions: ["us-west-1"],
    region_rule: "majority",
    unserved_regions: [],
    failure_threshold: 3,
    recovery_confirmations: 1,
    paused: false,
    group: null,
    options: {},
    state: "up",
    consecutive_failures: 0,
    last_checked_at: null,
    created_at: "2026-11-21T00:00:00.000Z",
    updated_at: "2026-11-21T00:00:00.000Z",
    ...changes,
  };
}

const monitors = [
  monitor("shop", { name: "Shop front", group: "Web" }),
  monitor("api", { name: "Checkout API", state: "down", group: "Web" }),
  monitor("db", { name: "Database", type: "tcp", target: "db.internal:5432", paused: true }),
  monitor("new", { name: "New page", state: "unknown" }),
];
const none = new Map<string, MonitorOverview>();

describe("the monitor list's search and filters", () => {
  it("finds monitors by any word of their name or target", () => {
    const found = filterMonitors(monitors, none, readMonitorFilters(new URLSearchParams("q=5432")));
    expect(found.map((m) => m.id)).toEqual(["db"]);
    const byName = filterMonitors(
      monitors,
      none,
      readMonitorFilters(new URLSearchParams("q=CHECK api")),
    );
    expect(byName.map((m) => m.id)).toEqual(["api"]);
  });

  it("filters by status, type and group together", () => {
    const filters = readMonitorFilters(new URLSearchParams("status=down&group=Web&type=http"));
    expect(filterMonitors(monitors, none, filters).map((m) => m.id)).toEqual(["api"]);
    const paused = readMonitorFilters(new URLSearchParams("status=paused"));
    expect(filterMonitors(monitors, none, paused).map((m) => m.id)).toEqual(["db"]);
    const pending = readMonitorFilters(new URLSearchParams("status=pending"));
    expect(filterMonitors(monitors, none, pending).map((m) => m.id)).toEqual(["new"]);
  });

  it("ignores a filter value it does not know and leaves empty ones out of the address", () => {
    const filters = readMonitorFilters(new URLSearchParams("status=sideways&type=ftp&q=shop"));
    expect(filters).toEqual({ q: "shop", status: "", type: "", group: "" });
    expect(writeMonitorFilters(filters).toString()).toBe("q=shop");
  });

  it("lists down monitors first and the groups in order", () => {
    expect(sortMonitors(monitors, none).map((m) => m.id)).toEqual(["api", "new", "shop", "db"]);
    expect(groupNames(monitors)).toEqual(["Web"]);
  });
});
