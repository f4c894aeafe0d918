import { DEFAULT_FAILURE_THRESHOLD, DEFAULT_RECOVERY_CONFIRMATIONS } from "./escalation-policy.ts";

export type HealthStatus = "unknown" | "up" | "down";

/** What the last checks say about a monitor. */
export interface MonitorHealth {
  status: HealthStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
}

export interface HealthRules {
  failureThreshold: number;
  recoveryConfirmations: number;
}

export const DEFAULT_HEALTH_RULES: HealthRules = {
  failureThreshold: DEFAULT_FAILURE_THRESHOLD,
  recoveryConfirmations: DEFAULT_RECOVERY_CONFIRMATIONS,
};

/** A monitor no check has run for yet. */
export const UNKNOWN_HEALTH: MonitorHealth = {
  status: "unknown",
  consecutiveFailures: 0,
  consecutiveSuccesses: 0,
};

export type HealthTransition = "went-down" | "recovered" | null;

/**
 * Folds one check result into a monitor's health. Down after `failureThreshold` failures in a
 * row; up again after `recoveryConfirmations` successes in a row. A first success is simply up.
 */
export function applyCheckResult(
  health: MonitorHealth,
  succeeded: boolean,
  rules: HealthRules = DEFAULT_HEALTH_RULES,
): { health: MonitorHealth; transition: HealthTransition } {
  if (succeeded) {
    const consecutiveSuccesses = health.consecutiveSuccesses + 1;
    const recovered =
      health.status === "down" && consecutiveSuccesses >= rules.recoveryConfirmations;
    const status = health.status === "down" && !recovered ? "down" : "up";
    return {
      health: { status, consecutiveFailures: 0, consecutiveSuccesses },
      transition: recovered ? "recovered" : null,
    };
  }
  const consecutiveFailures = health.consecutiveFailures + 1;
  const wentDown = health.status !== "down" && consecutiveFailures >= rules.failureThreshold;
  return {
    health: {
      status: wentDown ? "down" : health.status,
      consecutiveFailures,
      consecutiveSuccesses: 0,
    },
    transition: wentDown ? "went-down" : null,
  };
}
