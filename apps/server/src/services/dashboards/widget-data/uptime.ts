import { monitorStats } from "../../checks/monitor-stats.ts";
import { getMonitor } from "../../monitors/get-monitor.ts";
import { monitorStatus } from "../../monitors/monitor-status.ts";
import type { WidgetLoader } from "./widget-loader.ts";

/** One monitor's uptime over the chosen range, as its own page figures it. */
export const loadUptime: WidgetLoader<"uptime"> = async ({ ctx, access }, settings) => {
  const monitor = await getMonitor(ctx, access, settings.monitor_id);
  const stats = await monitorStats(ctx, access, settings.monitor_id, settings.range);
  return {
    type: "uptime",
    monitor_name: monitor.name,
    status: monitorStatus(monitor),
    range: settings.range,
    uptime_percent: stats.uptimePercent,
    checks: stats.checks,
  };
};
