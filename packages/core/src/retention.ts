import type { Plan } from "./plans.ts";

/** Raw results of plans with custom retention (Enterprise+) are kept this long unless agreed. */
export const CUSTOM_RETENTION_DAYS = 400;

/** Hourly and daily rollups outlive raw results: daily ones are kept this long on every plan. */
export const DAILY_ROLLUP_RETENTION_DAYS = 800;

/** Half-hour rollups feed the last 24 hours' bars of the monitor list; two days are kept. */
export const HALF_HOUR_ROLLUP_RETENTION_DAYS = 2;

/** How many days of raw check results and hourly rollups the plan keeps. */
export function historyRetentionDays(plan: Plan): number {
  return plan.limits.historyDays ?? CUSTOM_RETENTION_DAYS;
}
