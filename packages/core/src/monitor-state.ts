import type { CheckStatus, MonitorState } from "./monitors.ts";

/** What the engine remembers about a monitor between checks. */
export interface MonitorHealth {
  state: MonitorState;
  consecutiveFailures: number;
}

/**
 * Applies one check result: a monitor is down after `failureThreshold` consecutive failures and
 * up again after one success.
 */
export function applyCheckStatus(
  health: MonitorHealth,
  status: CheckStatus,
  failureThreshold: number,
): MonitorHealth {
  if (status === "up") return { state: "up", consecutiveFailures: 0 };
  const consecutiveFailures = health.consecutiveFailures + 1;
  const state = consecutiveFailures >= failureThreshold ? "down" : health.state;
  return { state, consecutiveFailures };
}
