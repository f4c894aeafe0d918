import type { CreateMonitorInput } from "./monitor-input.ts";
import { BASIC_CHECK_TYPES, CHECK_TYPE_NAMES, type Region } from "./monitors.ts";
import { PLANS, type Plan } from "./plans.ts";

/** Why a plan does not allow something, as the sentence shown to the customer. */
export interface PlanViolation {
  rule: "monitor-count" | "interval" | "check-type" | "headers-and-auth" | "region";
  detail: string;
}

/** The monitor settings the plan rules look at. */
export type PlannedMonitor = CreateMonitorInput extends infer M
  ? M extends CreateMonitorInput
    ? Pick<M, "type" | "interval_seconds" | "options"> & { regions: readonly Region[] }
    : never
  : never;

/** The cheapest plan that offers every check type and option, by name. */
function cheapestFullPlanName(): string {
  return PLANS.find((plan) => plan.limits.allCheckTypes)?.name ?? "a paid";
}

/** Whether the plan lets one more monitor be created next to `existingMonitors`. */
export function monitorCountViolation(plan: Plan, existingMonitors: number): PlanViolation | null {
  if (plan.limits.monitors === null || existingMonitors < plan.limits.monitors) return null;
  return {
    rule: "monitor-count",
    detail: `Your ${plan.name} plan allows ${plan.limits.monitors.toLocaleString("en-US")} monitors. Delete a monitor or upgrade your plan to add another.`,
  };
}

/**
 * The first rule of the plan that this monitor's settings break, or null when none is.
 * `defaultRegion` is the deployment's default region, the one plans without a choice run from.
 */
export function monitorSettingsViolation(
  plan: Plan,
  monitor: PlannedMonitor,
  defaultRegion: Region,
): PlanViolation | null {
  const full = plan.limits.allCheckTypes;
  const upgrade = cheapestFullPlanName();
  if (!full && !BASIC_CHECK_TYPES.includes(monitor.type)) {
    return {
      rule: "check-type",
      detail: `${CHECK_TYPE_NAMES[monitor.type]} monitors need the ${upgrade} plan or above; the ${plan.name} plan offers ${BASIC_CHECK_TYPES.map((type) => CHECK_TYPE_NAMES[type]).join(", ")}.`,
    };
  }
  const min = plan.limits.minIntervalSeconds;
  if (monitor.interval_seconds < min) {
    return {
      rule: "interval",
      detail: `The ${plan.name} plan checks at most every ${describeSeconds(min)}: set interval_seconds to ${min} or more, or upgrade your plan.`,
    };
  }
  if (!full && usesHeadersOrAuth(monitor)) {
    return {
      rule: "headers-and-auth",
      detail: `Custom headers and authentication need the ${upgrade} plan or above.`,
    };
  }
  if (!full && monitor.regions.length > 1) {
    return {
      rule: "region",
      detail: `Checking from more than one region needs the ${upgrade} plan or above; ${plan.name} monitors run from ${defaultRegion}.`,
    };
  }
  if (!full && monitor.regions[0] !== defaultRegion) {
    return {
      rule: "region",
      detail: `Choosing a region needs the ${upgrade} plan or above; ${plan.name} monitors run from ${defaultRegion}.`,
    };
  }
  return null;
}

function usesHeadersOrAuth(monitor: PlannedMonitor): boolean {
  if (monitor.type !== "http" && monitor.type !== "keyword") return false;
  return Object.keys(monitor.options.headers).length > 0 || monitor.options.auth !== null;
}

function describeSeconds(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}
