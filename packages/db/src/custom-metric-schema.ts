/** A series an agent reports of its operator's own metrics: a name and its labels. */
export interface AgentCustomSeriesTable {
  id: string;
  agent_id: string;
  /** `name{label="value",...}`, labels sorted: unique per agent. */
  series_key: string;
  name: string;
  /** JSON of label to value. */
  labels: string;
  first_seen_at: number;
  last_seen_at: number;
  /** The newest value; null for NaN or infinite. */
  last_value: number | null;
}

/** One report's value of one custom series; null for NaN or infinite. */
export interface AgentCustomSampleTable {
  series_id: string;
  agent_id: string;
  sampled_at: number;
  value: number | null;
}

/** Half an hour of a custom series' values, for charts longer than raw values are kept. */
export interface AgentCustomRollupTable {
  series_id: string;
  agent_id: string;
  period_start: number;
  /** Values that were numbers; NaN and infinities weigh nothing. */
  samples: number;
  value_sum: number;
  value_min: number | null;
  value_max: number | null;
}
