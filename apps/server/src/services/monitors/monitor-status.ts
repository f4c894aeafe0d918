import type { HealthStatus } from "@upwatch/core";

/** What a person sees of a monitor at a glance: paused, pending (no conclusive check yet), up or down. */
export type MonitorStatus = "up" | "down" | "paused" | "pending";

/** A monitor's status from whether it is paused and its health. */
export function monitorStatus(monitor: { paused: boolean; state: HealthStatus }): MonitorStatus {
  if (monitor.paused) return "paused";
  return monitor.state === "unknown" ? "pending" : monitor.state;
}
