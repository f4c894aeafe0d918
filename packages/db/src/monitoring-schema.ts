import type { ColumnType, Generated } from "kysely";

export interface AccountTable {
  id: string;
  name: string;
  /** A plan id from `@upwatch/core` (free, hobby, business, enterprise, self-hosted). */
  plan: string;
  created_at: number;
  /** 1: every member must sign in with a second factor. */
  require_two_factor: Generated<number>;
  /** The IANA time zone of calendar days and maintenance rules; 'UTC' until chosen. */
  time_zone: Generated<string>;
}

export interface UserTable {
  id: string;
  /**
   * The account this person signs in to by default: the one they registered or last switched
   * to. Their roles are in `memberships`.
   */
  account_id: string;
  email: string;
  /** The address in lower case: one user per mailbox. */
  email_key: string;
  /** The scrypt hash (self-describing); null until the user sets a password. */
  password_hash: string | null;
  created_at: number;
}

export interface SessionTable {
  /** SHA-256 of the session cookie's token, hex; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  /** When the session was last extended (at most once a day). */
  last_seen_at: number;
  /** The address and browser that signed in, for the person's list of sessions. */
  ip_address: string | null;
  user_agent: string | null;
  /** How the session was signed in: `password`, `two-factor`, `recovery-code` or `sso`. */
  method: Generated<string>;
  /** Set for a single sign-on session: the only account it may ever be in (the provider's). */
  confined_account_id: string | null;
}

export interface PasswordResetTable {
  /** SHA-256 of the token in the reset link, hex. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ApiKeyTable {
  id: string;
  account_id: string;
  name: string;
  /** The public part of the key that finds its row; the rest is only known as a hash. */
  lookup: string;
  /** SHA-256 of the whole key, hex. */
  secret_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** `read` or `full` (see API_KEY_SCOPES in `@upwatch/core`). */
  scope: Generated<string>;
  created_by: string | null;
}

export interface MonitorTable {
  id: string;
  account_id: string;
  name: string;
  type: string;
  target: string;
  interval_seconds: number;
  timeout_seconds: number;
  /** The first of `regions`; kept for the API's single-region clients. */
  region: string;
  /** JSON array of the regions each planned check runs from (at least one). */
  regions: Generated<string>;
  /** How many regions must fail a round for it to fail: `any`, `majority` or `all`. */
  region_rule: Generated<string>;
  failure_threshold: number;
  /** Successful checks in a row that bring a down monitor back up. */
  recovery_confirmations: number;
  paused: number;
  /** 1 when a move to a smaller plan paused it (not a person); resuming clears it. */
  paused_by_plan: Generated<number>;
  /** Sealed JSON of the settings a smaller plan held back (interval, regions, headers, auth). */
  plan_held: Generated<string | null>;
  /** The type's options as JSON, in the API's shape. */
  options: string;
  /** `regions`, or `agent`: each planned check is a task for `agent_id` (proxy monitoring). */
  run_from: Generated<string>;
  /** The agent an agent-run monitor runs from; null when it runs from regions or its agent was deleted. */
  agent_id: Generated<string | null>;
  /** `unknown` before a conclusive check, then `up` or `down` (see the alerting health rules). */
  state: string;
  consecutive_failures: number;
  consecutive_successes: number;
  last_checked_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CheckResultTable {
  monitor_id: string;
  checked_at: number;
  /** 1 when the check was up, 0 when down. */
  up: number;
  response_ms: number | null;
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  first_byte_ms: number | null;
  status_code: number | null;
  error: string | null;
  region: string;
  /** When the check was planned; with monitor and region, what identifies it. */
  planned_at: number;
  /** A multi-step run's steps as JSON (`StepResult[]`, secure values masked); null otherwise. */
  steps?: string | null;
}

/** An account's secure variable: its value sealed under the secrets key. */
export interface SecureVariableTable {
  id: string;
  account_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** Checks of one monitor from one region summed over an hour, a half hour or a day. */
export type CheckRegionRollupTable = {
  monitor_id: string;
  region: string;
  bucket_seconds: number;
  period_start: number;
  checks: Generated<number>;
  up_checks: Generated<number>;
  /** Planned checks no runner of the region answered. */
  missed: Generated<number>;
  response_sum: Generated<number>;
  response_count: Generated<number>;
  /** The fastest and slowest response of the period; null before they were kept. */
  response_min: number | null;
  response_max: number | null;
} & { [K in RollupHistogramColumn]: Generated<number> };

/** A planned check that no runner of its region answered in time. */
export interface MissedCheckTable {
  monitor_id: string;
  region: string;
  planned_at: number;
  /** `no-runner` when the region had no live runner, `no-result` when its runner did not answer, `no-agent` when an agent-run monitor's agent could not take it. */
  reason: string;
}

/** A process that runs the checks of one region; it authenticates with a token. */
export interface RunnerTable {
  /** `run_` and 16 base-32 characters; the public part of its token. */
  id: string;
  name: string;
  region: string;
  /** SHA-256 of the whole token, hex. */
  token_hash: string;
  created_at: number;
  revoked_at: number | null;
  /** The last heartbeat the server accepted from it. */
  last_seen_at: number | null;
  /** The runner's version, as it reported it. */
  version: string | null;
}

/** A time when a region had no live runner; the operator is told once per outage. */
export interface RegionOutageTable {
  id: string;
  region: string;
  started_at: number;
  ended_at: number | null;
  notified_at: number | null;
}

/** The names of the 16 response-time histogram columns of a rollup. */
export const ROLLUP_HISTOGRAM_COLUMNS = [
  "h00",
  "h01",
  "h02",
  "h03",
  "h04",
  "h05",
  "h06",
  "h07",
  "h08",
  "h09",
  "h10",
  "h11",
  "h12",
  "h13",
  "h14",
  "h15",
] as const;
export type RollupHistogramColumn = (typeof ROLLUP_HISTOGRAM_COLUMNS)[number];

/** Sums and counts of the checks of one monitor in one hour or one day. */
export type CheckRollupTable = {
  monitor_id: string;
  /** 3600 for hourly rollups, 86400 for daily ones. */
  bucket_seconds: number;
  period_start: number;
  checks: Generated<number>;
  up_checks: Generated<number>;
  response_sum: Generated<number>;
  response_count: Generated<number>;
  /** The fastest and slowest response of the period; null before they were kept. */
  response_min: number | null;
  response_max: number | null;
  dns_sum: Generated<number>;
  dns_count: Generated<number>;
  connect_sum: Generated<number>;
  connect_count: Generated<number>;
  tls_sum: Generated<number>;
  tls_count: Generated<number>;
  first_byte_sum: Generated<number>;
  first_byte_count: Generated<number>;
} & { [K in RollupHistogramColumn]: Generated<number> };

/** A named collection of monitors; a monitor may be in several. */
export interface MonitorGroupTable {
  id: string;
  account_id: string;
  name: string;
  /** The lower-cased name, unique per account. */
  name_key: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface MonitorGroupMemberTable {
  group_id: string;
  monitor_id: string;
}

/** Channels that every member of the group notifies, members added later included. */
export interface MonitorGroupChannelTable {
  group_id: string;
  channel_id: string;
  /** The alert severities it receives, comma-separated: `critical,warning,info`. */
  severities: ColumnType<string, string | undefined, string>;
}
