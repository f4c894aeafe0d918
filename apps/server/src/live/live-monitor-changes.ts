import type { AlertsChanged } from "../alerting/index.ts";
import { presentMonitor } from "../routes/api/present.ts";
import type { MonitorChanges } from "../services/monitors/monitor-changes.ts";
import type { LiveBus } from "./live-bus.ts";

/**
 * Publishes stored monitor changes: `monitor` (created, changed, paused, resumed) as
 * `GET /monitors/{id}` shows it, and `monitor-deleted`; alerts a change resolved go to `alerts`.
 */
export function liveMonitorChanges(bus: LiveBus, alerts?: AlertsChanged): MonitorChanges {
  return {
    saved: (monitor) => {
      bus.publish(monitor.account_id, {
        name: "monitor",
        data: { monitor: presentMonitor(monitor) },
      });
    },
    removed: (monitorId, accountId) => {
      bus.publish(accountId, { name: "monitor-deleted", data: { monitor_id: monitorId } });
    },
    alertsChanged: alerts,
  };
}
