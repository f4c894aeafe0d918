import type { ColumnType } from "kysely";

/** An account's own choice of history length, stored beside it. */
export interface AccountHistoryColumns {
  /** Days of raw results and hourly rollups kept; null keeps the default of its plan. */
  history_days: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A monitor's public badges: present only while they are switched on. */
export interface MonitorBadgeTable {
  monitor_id: string;
  /** Hex SHA-256 of the badge key: how a badge URL finds its monitor. */
  key_hash: string;
  /** The key itself, sealed under the secrets key, to show the URLs again. */
  key_sealed: string;
  created_at: number;
}
