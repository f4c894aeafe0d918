import type { Region } from "@upwatch/core";
import type { AlertsChanged } from "../alerting/index.ts";
import { presentMonitor } from "../routes/api/present.ts";
import type { MonitorChanges } from "../services/monitors/monitor-changes.ts";
import type { Monitor } from "../services/monitors/monitor-record.ts";
import type { RegionDirectory } from "../services/regions/region-directory.ts";
import type { LiveBus } from "./live-bus.ts";

/**
 * Publishes stored monitor changes: `monitor` (created, changed, paused, resumed) as
 * `GET /monitors/{id}` shows it, and `monitor-deleted`; alerts a change resolved go to `alerts`.
 */
export function liveMonitorChanges(
  bus: LiveBus,
  alerts?: AlertsChanged,
  regions?: RegionDirectory,
): MonitorChanges {
  const publishMonitor = (monitor: Monitor, served: Set<Region> | undefined) =>
    bus.publish(monitor.account_id, {
      name: "monitor",
      data: { monitor: presentMonitor(monitor, served) },
    });
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
