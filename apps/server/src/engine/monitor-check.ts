import type { ScheduledCheck } from "@upwatch/checks";
import type { CheckSpec } from "@upwatch/core";
import type { Monitor } from "../services/monitors/monitor-record.ts";

/** What the scheduler runs for a monitor. */
export function scheduledCheckOf(monitor: Monitor): ScheduledCheck {
  return {
    id: monitor.id,
    intervalMs: monitor.interval_seconds * 1000,
    spec: {
      type: monitor.type,
      target: monitor.target,
      timeoutMs: monitor.timeout_seconds * 1000,
      options: monitor.options,
    } as CheckSpec,
  };
}
