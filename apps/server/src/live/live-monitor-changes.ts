import type { Region } from "@upwatch/core";
import type { AlertsChanged } from "../alerting/index.ts";
import type { MonitorChanges } from "../engine/engine-ports.ts";
import { presentMonitor } from "../presenters/monitors.ts";
import type { Monitor } from "../records/monitor-record.ts";
import type { HeartbeatView } from "../services/heartbeats/load-heartbeats.ts";
import type { MonitorAgent } from "../services/monitors/monitor-agents.ts";
import type { RegionDirectory } from "../services/regions/region-directory.ts";
import type { LiveBus } from "./live-bus.ts";

/** What a monitor is shown with besides its row: the agent it runs from, its heartbeat. */
export interface MonitorDetails {
  agents?: ReadonlyMap<string, MonitorAgent>;
  heartbeats?: ReadonlyMap<string, HeartbeatView>;
}

/** Reads a monitor's details (`loadMonitorAgents`, `loadHeartbeats`). */
export type MonitorDetailsLoader = (monitor: Monitor) => Promise<MonitorDetails>;

/**
 * Publishes stored monitor changes: `monitor` (created, changed, paused, resumed) as
 * `GET /monitors/{id}` shows it, and `monitor-deleted`; alerts a change resolved go to `alerts`.
 */
export function liveMonitorChanges(
  bus: LiveBus,
  alerts?: AlertsChanged,
  regions?: RegionDirectory,
  details?: MonitorDetailsLoader,
): MonitorChanges {
  const publishNow = (
    monitor: Monitor,
    served: Set<Region> | undefined,
    known: MonitorDetails = {},
  ) =>
    bus.publish(monitor.account_id, {
      name: "monitor",
      data: { monitor: presentMonitor(monitor, served, known.agents, known.heartbeats) },
    });
  // An agent-run monitor is told with its agent, a heartbeat monitor with its ping URL, read
  // first; others at once.
  const publishMonitor = (monitor: Monitor, served: Set<Region> | undefined) => {
    const needsDetails = monitor.run_from === "agent" || monitor.type === "heartbeat";
    if (!details || !needsDetails) return publishNow(monitor, served);
    void details(monitor)
      .then((known) => publishNow(monitor, served, known))
      .catch(() => publishNow(monitor, served));
  };
  return {
    saved: (monitor) => {
      // The change that saved it has just read the served regions; before any reading, one is made.
      const last = regions?.lastServed();
      if (!regions || last) publishMonitor(monitor, last ?? undefined);
      else
        void regions
          .served()
          .then((served) => publishMonitor(monitor, served))
          .catch(() => publishMonitor(monitor, undefined));
    },
    removed: (monitorId, accountId) => {
      bus.publish(accountId, { name: "monitor-deleted", data: { monitor_id: monitorId } });
    },
    alertsChanged: alerts,
  };
}
