/** The most checks one page of a monitor's check history holds. */
export const MAX_CHECK_PAGE_SIZE = 100;

/** The ranges the stats endpoint offers, and where each is read from. */
export const STATS_RANGES = {
  "24h": { ms: 86_400_000, source: "raw" },
  "7d": { ms: 7 * 86_400_000, source: "hourly" },
  "30d": { ms: 30 * 86_400_000, source: "daily" },
} as const;
export type StatsRange = keyof typeof STATS_RANGES;
export type StatsSource = (typeof STATS_RANGES)[StatsRange]["source"];
