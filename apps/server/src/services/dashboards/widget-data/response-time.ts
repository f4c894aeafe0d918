import { isoTime } from "../../../time.ts";
import { monitorStats } from "../../checks/monitor-stats.ts";
import { regionLatency } from "../../checks/region-latency.ts";
import { getMonitor } from "../../monitors/get-monitor.ts";
import type { WidgetLoader } from "./widget-loader.ts";

/** One monitor's average response time per region over the period, with its average and p95. */
export const loadResponseTime: WidgetLoader<"response_time"> = async (
  { ctx, access },
  settings,
) => {
  const monitor = await getMonitor(ctx, access, settings.monitor_id);
  const stats = await monitorStats(ctx, access, settings.monitor_id, settings.period);
  const latency = await regionLatency(ctx, access, settings.monitor_id, settings.period);
  return {
    type: "response_time",
    monitor_name: monitor.name,
    period: settings.period,
    average_ms: stats.averageResponseMs,
    p95_ms: stats.p95ResponseMs,
    regions: latency.regions.map(({ region, points }) => ({
      region,
      points: points.map((point) => ({ at: isoTime(point.start), value: point.averageMs })),
    })),
  };
};
