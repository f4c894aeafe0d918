/**
 * A maintenance window of chosen monitors and groups, kept without a status page. One window
 * runs from `starts_at` until just before `ends_at`; a recurring one (`recurrence` set) has
 * occurrences only inside those bounds, and `ends_at` is far ahead when the rule has no end.
 */
export interface MaintenanceWindowTable {
  id: string;
  account_id: string;
  title: string;
  /** For the team: why, what to expect. Never shown to the public. */
  note: string;
  starts_at: number;
  ends_at: number;
  /** The rule (JSON), read in the account's time zone; null for one window. */
  recurrence: string | null;
  /** The starts (epoch ms) of skipped occurrences, as a JSON array; null for none. */
  skipped: string | null;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceWindowMonitorTable {
  window_id: string;
  monitor_id: string;
}

export interface MaintenanceWindowGroupTable {
  window_id: string;
  group_id: string;
}
