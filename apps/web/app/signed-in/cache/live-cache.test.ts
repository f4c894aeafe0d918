import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import type {
  AlertPage,
  AlertView,
  CheckPage,
  CheckView,
  Group,
  ListOf,
  MonitorOverview,
  MonitorView,
} from "@upwatch/api";
import { describe, expect, it } from "vitest";
import { applyLiveEvent, recordCheckNow } from "./live-cache.ts";
import { queryKeys } from "./queries.ts";

const monitor: MonitorView = {
  id: "mon_1",
  name: "Shop",
  type: "http",
  target: "http://127.0.0.1:8080/",
  interval_seconds: 300,
  timeout_seconds: 10,
  region: "us-west-1",
  regions: ["us-west-1"],
  region_rule: "majority",
  unserved_regions: [],
  run_from: "regions",
  agent_id: null,
  agent: null,
  runner_problem: null,
  failure_threshold: 1,
  recovery_confirmations: 1,
  paused: false,
  group_ids: [],
  options: {},
  heartbeat: null,
  state: "up",
  consecutive_failures: 0,
  last_checked_at: null,
  created_at: "2026-11-21T09:00:00.000Z",
  updated_at: "2026-11-21T09:00:00.000Z",
};

const check: CheckView = {
  id: "chk_1",
  checked_at: "2026-11-21T10:00:00.000Z",
  planned_at: "2026-11-21T10:00:00.000Z",
  steps: null,
  status: "down",
  response_time_ms: 120,
  timings: null,
  status_code: 503,
  error: "503 Service Unavailable",
  region: "us-west-1",
};

function clientWith(): QueryClient {
  const client = new QueryClient();
  client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, { data: [monitor] });
  client.setQueryData(queryKeys.monitorDetails(monitor.id), monitor);
  client.setQueryData<ListOf<MonitorOverview>>(queryKeys.overview, {
    data: [
      {
        monitor_id: monitor.id,
        status: "up",
        regions: ["us-west-1"],
        last_checked_at: null,
        last_response_time_ms: null,
        uptime_24h: 100,
        bars: [{ start: "2026-11-21T10:00:00.000Z", up: 3, down: 0 }],
      },
    ],
  });
  client.setQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitor.id), {
    pages: [{ data: [], next_before: null }],
    pageParams: [undefined],
  });
  return client;
}

describe("live events applied to the app's cache", () => {
  it("a check result moves the monitor's status, bars, page and checks table", () => {
    const client = clientWith();
    applyLiveEvent(client, {
      type: "check",
      monitor_id: monitor.id,
      check,
      monitor_status: "down",
      consecutive_failures: 1,
    });
    const overview = client.getQueryData<ListOf<MonitorOverview>>(queryKeys.overview);
    expect(overview?.data[0]).toMatchObject({ status: "down", last_response_time_ms: 120 });
    expect(overview?.data[0]?.bars[0]).toMatchObject({ up: 3, down: 1 });
    expect(client.getQueryData<MonitorView>(queryKeys.monitorDetails(monitor.id))).toMatchObject({
      state: "down",
      last_checked_at: check.checked_at,
      consecutive_failures: 1,
    });
    const checks = client.getQueryData<InfiniteData<CheckPage>>(queryKeys.checks(monitor.id));
    expect(checks?.pages[0]?.data.map((item) => item.id)).toEqual(["chk_1"]);
  });

  it("a check result has the monitor's figures and chart by region read again", () => {
    const client = clientWith();
    const latencyKey = queryKeys.regionLatency(monitor.id, "24h");
    client.setQueryData(latencyKey, { period: "24h", bucket_seconds: 1800, regions: [] });
    applyLiveEvent(client, {
      type: "check",
      monitor_id: monitor.id,
      check,
      monitor_status: "down",
      consecutive_failures: 1,
    });
    expect(client.getQueryState(latencyKey)?.isInvalidated).toBe(true);
  });

  it("Check now has the monitor's chart by region read again", () => {
    const client = clientWith();
    const latencyKey = queryKeys.regionLatency(monitor.id, "7d");
    client.setQueryData(latencyKey, { period: "7d", bucket_seconds: 3600, regions: [] });
    recordCheckNow(client, monitor.id, check);
    expect(client.getQueryState(latencyKey)?.isInvalidated).toBe(true);
  });

  it("a monitor added elsewhere joins the list and one deleted elsewhere leaves it", () => {
    const client = clientWith();
    const other = { ...monitor, id: "mon_2", name: "API" };
    applyLiveEvent(client, { type: "monitor", monitor: other });
    const names = () =>
      client.getQueryData<ListOf<MonitorView>>(queryKeys.monitors)?.data.map((item) => item.name);
    expect(names()).toEqual(["Shop", "API"]);
    applyLiveEvent(client, { type: "monitor-deleted", monitor_id: monitor.id });
    expect(names()).toEqual(["API"]);
    expect(client.getQueryData<ListOf<MonitorOverview>>(queryKeys.overview)?.data).toEqual([]);
  });

  it("a heartbeat's ping shows on the list and its page, keeping the ping URL they had", () => {
    const client = new QueryClient();
    const pingUrl = "http://localhost:3000/ping/q3Vx9Lm2Zt8Rb7Kc1Wn4Hs6Jd0Fg5Ya3Pe2Ui7Oo1Tr";
    const backup: MonitorView = {
      ...monitor,
      id: "mon_hb",
      type: "heartbeat",
      heartbeat: {
        ping_url: pingUrl,
        last_ping_at: "2026-11-21T09:00:00.000Z",
        last_started_at: null,
        last_run_ms: 61_000,
        last_signal: "success",
        last_body: null,
      },
    };
    client.setQueryData<ListOf<MonitorView>>(queryKeys.monitors, { data: [monitor, backup] });
    client.setQueryData(queryKeys.monitorDetails(backup.id), backup);
    const pings = {
      last_ping_at: "2026-11-21T10:00:00.000Z",
      last_started_at: "2026-11-21T10:00:00.000Z",
      last_run_ms: 61_000,
      last_signal: "start" as const,
      last_body: "rsync started",
    };
    applyLiveEvent(client, { type: "heartbeat", monitor_id: backup.id, heartbeat: pings });
    const expected = { ping_url: pingUrl, ...pings };
    const listed = client.getQueryData<ListOf<MonitorView>>(queryKeys.monitors)?.data;
    expect(listed?.map((item) => item.heartbeat)).toEqual([null, expected]);
    expect(
      client.getQueryData<MonitorView>(queryKeys.monitorDetails(backup.id))?.heartbeat,
    ).toEqual(expected);
  });

  it("a group made elsewhere joins the groups list in name order and one deleted elsewhere leaves it", () => {
    const client = new QueryClient();
    const group = (id: string, name: string): Group => ({
      id,
      name,
      description: "",
      monitor_ids: [],
      channel_ids: [],
      channels: [],
      status: "no_data",
      counts: { up: 0, down: 0, paused: 0, unknown: 0 },
      created_at: "2026-11-21T09:00:00.000Z",
      updated_at: "2026-11-21T09:00:00.000Z",
    });
    client.setQueryData<ListOf<Group>>(queryKeys.groups, { data: [group("grp_2", "Staging")] });
    applyLiveEvent(client, { type: "group", group: group("grp_1", "Production") });
    const names = () =>
      client.getQueryData<ListOf<Group>>(queryKeys.groups)?.data.map((item) => item.name);
    expect(names()).toEqual(["Production", "Staging"]);
    expect(client.getQueryData<Group>(queryKeys.group("grp_1"))?.name).toBe("Production");
    applyLiveEvent(client, { type: "group-deleted", group_id: "grp_2" });
    expect(names()).toEqual(["Production"]);
  });

  it("an alert lands in every cached list it fits and leaves those it no longer fits", () => {
    const client = clientWith();
    const open: AlertView = {
      id: "alt_1",
      monitor_id: monitor.id,
      agent_id: null,
      subject: { type: "monitor", id: monitor.id, name: monitor.name },
      incident_id: null,
      kind: "monitor-down",
      severity: "critical",
      state: "open",
      message: "Shop is down",
      opened_at: check.checked_at,
      acknowledged_at: null,
      resolved_at: null,
      resolution: null,
      notifications_sent: 0,
      next_notification_at: null,
      suppressed: false,
      suppressed_by: [],
      held_by: [],
      held_by_maintenance: null,
    };
    const empty = { pages: [{ data: [], next_before: null }], pageParams: [undefined] };
    const active = queryKeys.alertList({ state: "open", limit: 50 });
    const acknowledged = queryKeys.alertList({ state: "acknowledged", limit: 50 });
    const ofMonitor = queryKeys.alertList({ monitorId: monitor.id, limit: 20 });
    for (const key of [active, acknowledged, ofMonitor]) client.setQueryData(key, empty);
    const shown = (key: readonly unknown[]) =>
      client.getQueryData<InfiniteData<AlertPage>>(key)?.pages[0]?.data.map((item) => item.state);

    applyLiveEvent(client, { type: "alert", alert: open });
    expect([shown(active), shown(acknowledged), shown(ofMonitor)]).toEqual([
      ["open"],
      [],
      ["open"],
    ]);

    applyLiveEvent(client, { type: "alert", alert: { ...open, state: "acknowledged" } });
    expect([shown(active), shown(acknowledged), shown(ofMonitor)]).toEqual([
      [],
      ["acknowledged"],
      ["acknowledged"],
    ]);
  });

  it("after a break in the stream everything cached is read again", () => {
    const client = clientWith();
    applyLiveEvent(client, { type: "resync" });
    const stale = client
      .getQueryCache()
      .getAll()
      .every((query) => query.isStale());
    expect(stale).toBe(true);
  });

  it("a check that moves a monitor's state has the groups read again, and one that does not leaves them", () => {
    const client = clientWith();
    client.setQueryData(queryKeys.groups, { data: [] });
    const groupsStale = () => client.getQueryState(queryKeys.groups)?.isInvalidated;
    applyLiveEvent(client, {
      type: "check",
      monitor_id: monitor.id,
      check,
      monitor_status: "up",
      consecutive_failures: 0,
    });
    expect(groupsStale()).toBe(false);
    applyLiveEvent(client, {
      type: "check",
      monitor_id: monitor.id,
      check: { ...check, id: "chk_2" },
      monitor_status: "down",
      consecutive_failures: 1,
    });
    expect(groupsStale()).toBe(true);
    expect(client.getQueryData<ListOf<MonitorView>>(queryKeys.monitors)?.data[0]?.state).toBe(
      "down",
    );
  });

  it("a check reaches the overview of the groups the list is filtered by", () => {
    const client = clientWith();
    const filtered = queryKeys.overviewOf(["grp_web"]);
    client.setQueryData(filtered, client.getQueryData(queryKeys.overview));
    applyLiveEvent(client, {
      type: "check",
      monitor_id: monitor.id,
      check,
      monitor_status: "down",
      consecutive_failures: 1,
    });
    expect(client.getQueryData<ListOf<MonitorOverview>>(filtered)?.data[0]?.status).toBe("down");
  });
});
