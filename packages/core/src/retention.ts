import type { Plan } from "./plans.ts";

/** Raw results of plans with custom retention are kept this long until the account chooses. */
export const CUSTOM_RETENTION_DAYS = 400;

/** The shortest history an account may choose, and the operator's default for the longest. */
export const HISTORY_DAYS_CHOICE = { min: 30, defaultMax: 400, operatorCeiling: 3650 } as const;

/** Hourly and daily rollups outlive raw results: daily ones are kept this long on every plan. */
export const DAILY_ROLLUP_RETENTION_DAYS = 800;

/** Half-hour rollups feed the last 24 hours' bars of the monitor list; two days are kept. */
export const HALF_HOUR_ROLLUP_RETENTION_DAYS = 2;

/** What decides an account's history: its plan, its own choice and the server's longest. */
export interface HistorySetting {
  plan: Plan;
  /** The account's choice in days; null keeps the default. */
  chosenDays: number | null;
  /** The longest history the operator allows an account to choose. */
  maxDays: number;
}

/**
 * How many days of raw check results and hourly rollups an account keeps: its plan's fixed
 * number, or on plans with custom retention its choice (else 400 days), never past the
 * operator's longest.
 * @example effectiveHistoryDays({ plan: getPlan("enterprise"), chosenDays: 730, maxDays: 1000 }) // 730
 */
export function effectiveHistoryDays(setting: HistorySetting): number {
  const fixed = setting.plan.limits.historyDays;
  if (fixed !== null) return fixed;
  const wanted = setting.plan.limits.customRetention
    ? (setting.chosenDays ?? CUSTOM_RETENTION_DAYS)
    : CUSTOM_RETENTION_DAYS;
  return Math.max(HISTORY_DAYS_CHOICE.min, Math.min(wanted, setting.maxDays));
}

/** Daily rollups are kept 800 days, or as long as a longer history. */
export function dailyRollupDays(historyDays: number): number {
  return Math.max(DAILY_ROLLUP_RETENTION_DAYS, historyDays);
}

/** Why a chosen history length is refused, or null when it lies within what the server allows. */
export function historyChoiceProblem(days: number, maxDays: number): string | null {
  if (Number.isInteger(days) && days >= HISTORY_DAYS_CHOICE.min && days <= maxDays) return null;
  return `The history length must be a whole number of days from ${HISTORY_DAYS_CHOICE.min} to ${maxDays}, the longest this server keeps.`;
}
