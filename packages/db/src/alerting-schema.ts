import type { ColumnType } from "kysely";

/** One outage of a monitor: from the check that declared it down to the one that brought it back. */
export interface IncidentTable {
  id: string;
  account_id: string;
  monitor_id: string;
  started_at: number;
  ended_at: number | null;
  /** The error sentence of the check that declared the monitor down. */
  cause: string;
  status_code: number | null;
}

/** An alert and where it stands in its escalation (see the alerting rules in `@upwatch/core`). */
export interface AlertTable {
  id: string;
  account_id: string;
  /** The monitor the alert is about; null for an agent's alert. */
  monitor_id: string | null;
  /** The agent the alert is about; null for a monitor's alert. */
  agent_id: string | null;
  incident_id: string | null;
  /** `monitor-down`, `ssl-expiry` or one of the `agent-*` kinds. */
  kind: string;
  /** `critical`, `warning` or `info`. */
  severity: string;
  message: string;
  /** For alerts raised once per thing, such as `ssl:<fingerprint>:14`; null otherwise. */
  dedupe_key: string | null;
  /** `open` or `resolved`; an open alert may also be acknowledged. */
  state: string;
  opened_at: number;
  acknowledged_at: number | null;
  resolved_at: number | null;
  /** `recovered`, `by-hand`, `certificate-renewed`, `superseded`, `monitor-changed`, `rule-deleted` or `key-revoked`. */
  resolution: string | null;
  notifications_sent: number;
  /** When the next notification is due; null once acknowledged, resolved or not repeating. */
  next_due_at: number | null;
  /** 1 while a due notification waits because every parent monitor is down. */
  held: number;
  /** The unguessable part of the alert's page address (`/a/<token>`), sent in notifications. */
  page_token: string;
}

export interface DependencyTable {
  id: string;
  account_id: string;
  child_monitor_id: string;
  parent_monitor_id: string;
  created_at: number;
}

/** Where an account's alerts can go: one channel of one of the types core lists. */
export interface ChannelTable {
  id: string;
  account_id: string;
  /** The channel type's id, one of `ALERT_CHANNELS` in core. */
  type: string;
  name: string;
  /** The type's settings as JSON, as its description in core takes them. */
  config: string;
  /** A webhook channel's signing secret (`whsec_...`); null for other types. */
  secret: string | null;
  attach_to_new_monitors: number;
  created_at: number;
  updated_at: number;
  /** When its recipient confirmed it; null while an e-mail channel awaits confirmation. */
  confirmed_at: number | null;
  /** SHA-256 of the pending confirmation link's token; null once used or when none is pending. */
  confirmation_token_hash: string | null;
  /** When the last confirmation mail was queued; its link expires a while after. */
  confirmation_sent_at: number | null;
}

/** A channel's routing settings, stored beside it; rows written without them take the defaults. */
export interface ChannelRoutingColumns {
  /** The severities it receives on monitors it is attached to by `attach_to_new_monitors`. */
  new_monitor_severities: ColumnType<string, string | undefined, string>;
  /** JSON `{"from","until","time_zone"}`: when it receives only critical alerts; null for never. */
  quiet_hours: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A channel test or confirmation mail an account asked for, counted against its cooldowns. */
export interface ChannelSendTable {
  id: string;
  account_id: string;
  /** Not a reference: deleting a channel must not forget what was sent through it. */
  channel_id: string;
  /** `test` or `confirmation`. */
  kind: string;
  sent_at: number;
}

export interface MonitorChannelTable {
  monitor_id: string;
  channel_id: string;
  /** The alert severities it receives, comma-separated: `critical,warning,info`. */
  severities: ColumnType<string, string | undefined, string>;
}

export type NotificationStatus = "pending" | "sending" | "mailed" | "delivered" | "failed";

/** One notification for one channel, queued in the transaction of the change that caused it. */
export interface NotificationTable {
  /** Also the receiver's deduplication id (`webhook-id`, the mail's Message-ID). */
  id: string;
  account_id: string;
  channel_id: string;
  channel_type: string;
  alert_id: string | null;
  monitor_id: string | null;
  agent_id: string | null;
  /** `monitor.down`, `alert.escalated`, `monitor.up`, `alert.resolved`, `ssl.expiring` or `test`. */
  event: string;
  /** The notification as JSON (the webhook payload and what the other channels show). */
  message: string;
  status: NotificationStatus;
  attempts: number;
  /** While `sending`: when a crashed sender's claim lapses and another process may send it. */
  locked_until: number | null;
  claim_token: string | null;
  created_at: number;
  finished_at: number | null;
}

/** One delivery attempt, kept 30 days. */
export interface NotificationDeliveryTable {
  id: string;
  account_id: string;
  notification_id: string;
  channel_id: string;
  channel_type: string;
  alert_id: string | null;
  monitor_id: string | null;
  agent_id: string | null;
  event: string;
  /** `delivered`, `failed` or `timeout`. */
  status: string;
  latency_ms: number | null;
  error: string | null;
  attempted_at: number;
}

/** Something billed on top of the plan, such as one SMS at 20 cents. */
export interface UsageChargeTable {
  id: string;
  account_id: string;
  item: string;
  quantity: number;
  amount_cents: number;
  /** What caused it, such as the notification id. */
  reference: string | null;
  recorded_at: number;
  /** The Stripe invoice that billed it; null until billed. */
  billed_invoice_id: string | null;
  billed_at: number | null;
}
