import type { Group, MonitorOverview, MonitorView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import {
  filterMonitors,
  readMonitorFilters,
  resolveGroupFilter,
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
    run_from: "regions",
    agent_id: null,
    agent: null,
    runner_problem: null,
    failure_threshold: 3,
    recovery_confirmations: 1,
    paused: false,
    group_ids: [],
    options: {},
    heartbeat: null,
    state: "up",
    consecutive_failures: 0,
    last_checked_at: null,
    created_at: "2026-11-21T00:00:00.000Z",
    updated_at: "2026-11-21T00:00:00.000Z",
    ...changes,
  };
}

const monitors = [
  monitor("shop", { name: "Shop front", group_ids: ["grp_web"] }),
  monitor("api", { name: "Checkout API", state: "down", group_ids: ["grp_web", "grp_api"] }),
  monitor("db", {
    name: "Database",
    type: "tcp",
    target: "db.internal:5432",
    paused: true,
    group_ids: ["grp_data"],
  }),
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
    const filters = readMonitorFilters(new URLSearchParams("status=down&group=grp_web&type=http"));
    expect(filterMonitors(monitors, none, filters).map((m) => m.id)).toEqual(["api"]);
    const paused = readMonitorFilters(new URLSearchParams("status=paused"));
    expect(filterMonitors(monitors, none, paused).map((m) => m.id)).toEqual(["db"]);
    const pending = readMonitorFilters(new URLSearchParams("status=pending"));
    expect(filterMonitors(monitors, none, pending).map((m) => m.id)).toEqual(["new"]);
  });

  it("ignores a filter value it does not know and leaves empty ones out of the address", () => {
    const filters = readMonitorFilters(new URLSearchParams("status=sideways&type=ftp&q=shop"));
    expect(filters).toEqual({ q: "shop", status: "", type: "", groups: [] });
    expect(writeMonitorFilters(filters).toString()).toBe("q=shop");
  });

  it("shows the monitors of any of several groups, and keeps every chosen group in the address", () => {
    const filters = readMonitorFilters(new URLSearchParams("group=grp_api&group=grp_data"));
    expect(filterMonitors(monitors, none, filters).map((m) => m.id)).toEqual(["api", "db"]);
    expect(writeMonitorFilters(filters).toString()).toBe("group=grp_api&group=grp_data");
  });

  it("reads a group named in an old bookmark as that group, and keeps one that matches nothing", () => {
    const groups = [{ id: "grp_web", name: "Web" }] as Group[];
    expect(resolveGroupFilter(["web", "grp_web", "grp_gone"], groups)).toEqual([
      "grp_web",
      "grp_gone",
    ]);
    const gone = { ...readMonitorFilters(new URLSearchParams()), groups: ["grp_gone"] };
    expect(filterMonitors(monitors, none, gone)).toEqual([]);
  });

  it("lists down monitors first", () => {
    expect(sortMonitors(monitors, none).map((m) => m.id)).toEqual(["api", "new", "shop", "db"]);
  });
});
