import type { MonitorView } from "@upwatch/api";
import { describeDuration } from "@upwatch/core";
import { formatInterval } from "../monitors/format.ts";

/** One line of the settings card: what it is, and its value. */
export interface ScheduleFact {
  term: string;
  value: string;
}

/**
 * When a monitor is judged. A heartbeat is checked from nowhere: it has a period and a grace
 * time instead of an interval and a timeout.
 */
export function scheduleFacts(monitor: MonitorView): ScheduleFact[] {
  if (monitor.type === "heartbeat") {
    return [
      { term: "Expected every", value: describeDuration(Number(monitor.options.period_seconds)) },
      { term: "Grace time", value: describeDuration(Number(monitor.options.grace_seconds)) },
    ];
  }
  return [
    { term: "Checked every", value: formatInterval(monitor.interval_seconds) },
    { term: "Timeout", value: formatInterval(monitor.timeout_seconds) },
  ];
}
