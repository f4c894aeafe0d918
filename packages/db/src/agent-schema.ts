import type { ColumnType, Generated } from "kysely";

/** A program on a customer's machine that reports its health; one key per agent. */
export interface AgentTable {
  id: string;
  account_id: string;
  name: string;
  /** `linux`, `windows` or `macos`, as chosen when it was added. */
  os: string;
  /** The part of the key that finds this row; null once the key is revoked. */
  key_lookup: string | null;
  /** SHA-256 of the whole `uwa_` key, hex; null once revoked. */
  key_hash: string | null;
  key_created_at: number | null;
  key_revoked_at: number | null;
  /** Minutes without a report before the agent is offline and its alert opens (1-60). */
  offline_after_minutes: number;
  hostname: string | null;
  /** The operating system's own name and release, as the agent reports it. */
  platform: string | null;
  arch: string | null;
  /** The agent program's version, such as `2.0.0`. */
  version: string | null;
  /** JSON array of what the agent can do besides reporting. */
  capabilities: string;
  /** JSON of the thresholds and interval in the agent's `agent.yaml`. */
  reported_config: string | null;
  /** JSON of the newest sample with its disks (and descriptions) and services. */
  latest_report: string | null;
  first_report_at: number | null;
  last_report_at: number | null;
  /** When the agent was declared offline; null while it reports. */
  offline_since: number | null;
  /** When its custom metrics were last refused by the account's plan; null once they are stored. */
  custom_metrics_refused_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A batch of reports already stored, so a replay of it is recognised. */
export interface AgentBatchTable {
  agent_id: string;
  batch_id: string;
  received_at: number;
}

/** One report's machine-wide figures. */
export interface AgentSampleTable {
  agent_id: string;
  sampled_at: number;
  cpu_percent: number;
  cores: number;
  load1: number | null;
  load5: number | null;
  load15: number | null;
  memory_total: number;
  memory_used: number;
  memory_available: number;
  net_rx_bps: number;
  net_tx_bps: number;
}

/** One report's figures for one enabled disk. */
export interface AgentDiskSampleTable {
  agent_id: string;
  mount: string;
  sampled_at: number;
  total_bytes: number;
  used_bytes: number;
}

/** Half an hour of samples, summed, for charts longer than the raw samples are kept. */
export interface AgentRollupTable {
  agent_id: string;
  period_start: number;
  samples: number;
  cpu_sum: number;
  cpu_max: number;
  /** Samples that carried a memory total; the memory average is over these alone. */
  memory_samples: number;
  memory_used_percent_sum: number;
  memory_used_percent_max: number;
  load1_sum: number;
  load1_max: number | null;
  /** Samples that carried a load average (Windows reports none). */
  load_samples: number;
  net_rx_sum: number;
  net_rx_max: number;
  net_tx_sum: number;
  net_tx_max: number;
}

export interface AgentDiskRollupTable {
  agent_id: string;
  mount: string;
  period_start: number;
  samples: number;
  used_percent_sum: number;
  used_percent_max: number;
}

/** A listed service's current state and since when it has had it. */
export interface AgentServiceTable {
  agent_id: string;
  name: string;
  /** `running`, `stopped` or `unknown`. */
  state: string;
  since: number;
  reported_at: number;
}

/** An alert rule on one agent, made from a template. */
export interface AgentAlertRuleTable {
  id: string;
  account_id: string;
  agent_id: string;
  /** `cpu`, `memory`, `disk`, `load` or `service`. */
  kind: string;
  /** Percent for cpu/memory/disk; times the core count for load; unused (0) for service. */
  threshold: number;
  duration_minutes: number;
  severity: string;
  /** JSON array of mount points the rule watches; null for every reported disk. */
  disks: string | null;
  /** JSON array of service names the rule watches; null for every listed service. */
  services: string | null;
  /** A custom rule's metric name; null for the other kinds. */
  metric: string | null;
  /** A custom rule's label matchers, JSON of label to value; null for any labels. */
  labels: string | null;
  /** A custom rule's comparison, `above` or `below`; null for the other kinds. */
  comparison: string | null;
  created_at: number;
  updated_at: number;
}

/** Since when a rule's condition has held for one subject ('' or a mount or a service). */
export interface AgentRuleBreachTable {
  rule_id: string;
  subject: string;
  since: number;
  /** The latest sample over; null for breaches stored before it was kept. */
  last_at: number | null;
}

export interface AgentChannelTable {
  agent_id: string;
  channel_id: string;
  /** The alert severities it receives, comma-separated: `critical,warning,info`. */
  severities: ColumnType<string, string | undefined, string>;
}

/** The agent's alerts are held while every one of its parent monitors is down. */
export interface AgentDependencyTable {
  id: string;
  account_id: string;
  agent_id: string;
  parent_monitor_id: string;
  created_at: number;
}

/**
 * One planned check of an agent-run monitor, handed to its agent: `pending` until a poll hands it
 * out (`dispatched`), `executing` once the agent confirms it started, then `completed` (the
 * check's own up or down), `failed` (the agent could not run it) or `timeout` (no result by
 * `deadline_at`). One per monitor and planned time.
 */
export interface AgentTaskTable {
  id: string;
  account_id: string;
  agent_id: string;
  monitor_id: string;
  /** `check`: the only kind so far. */
  kind: Generated<string>;
  planned_at: number;
  deadline_at: number;
  state: string;
  check_type: string;
  /** The check to run (type, target, timeout, options), sealed: options may hold credentials. */
  spec: string;
  created_at: number;
  dispatched_at: number | null;
  /** How many polls handed the task out (at least once delivery may repeat it). */
  dispatch_count: Generated<number>;
  started_at: number | null;
  finished_at: number | null;
  /** JSON of what the task came to: the check's outcome, or why it failed or timed out. */
  result: string | null;
  /** JSON of a result that arrived after the task timed out; it changed nothing. */
  late_result: string | null;
  late_at: number | null;
  /** JSON array of `{ at, message }`: refusals of the agent's calls about this task. */
  log: Generated<string>;
}
