import type {
  AlertTable,
  ChannelSendTable,
  ChannelTable,
  DependencyTable,
  IncidentTable,
  MonitorChannelTable,
  NotificationDeliveryTable,
  NotificationTable,
  UsageChargeTable,
} from "./alerting-schema.ts";
import type {
  AccountTable,
  ApiKeyTable,
  CheckRegionRollupTable,
  CheckResultTable,
  CheckRollupTable,
  MissedCheckTable,
  MonitorTable,
  PasswordResetTable,
  RegionOutageTable,
  RunnerTable,
  SecureVariableTable,
  SessionTable,
  UserTable,
} from "./monitoring-schema.ts";
import type {
  StatusComponentMonitorTable,
  StatusComponentTable,
  StatusIncidentTable,
  StatusIncidentUpdateTable,
  StatusMaintenanceComponentTable,
  StatusMaintenanceTable,
  StatusNoticeTable,
  StatusPageLogoTable,
  StatusPageTable,
  StatusSectionTable,
  StatusSubscriberTable,
} from "./status-page-schema.ts";

/**
 * Table types for the query builder. Times are epoch milliseconds and flags are 0/1 integers,
 * so the same rows read back identically from SQLite and PostgreSQL.
 */
export interface Database {
  server_secrets: ServerSecretTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  outbox: OutboxTable;
  accounts: AccountTable;
  users: UserTable;
  api_keys: ApiKeyTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  monitors: MonitorTable;
  check_results: CheckResultTable;
  secure_variables: SecureVariableTable;
  check_rollups: CheckRollupTable;
  check_region_rollups: CheckRegionRollupTable;
  missed_checks: MissedCheckTable;
  runners: RunnerTable;
  region_outages: RegionOutageTable;
  incidents: IncidentTable;
  alerts: AlertTable;
  dependencies: DependencyTable;
  channels: ChannelTable;
  channel_sends: ChannelSendTable;
  monitor_channels: MonitorChannelTable;
  notifications: NotificationTable;
  notification_deliveries: NotificationDeliveryTable;
  usage_charges: UsageChargeTable;
  status_pages: StatusPageTable;
  status_page_logos: StatusPageLogoTable;
  status_sections: StatusSectionTable;
  status_components: StatusComponentTable;
  status_component_monitors: StatusComponentMonitorTable;
  status_incidents: StatusIncidentTable;
  status_incident_updates: StatusIncidentUpdateTable;
  status_maintenances: StatusMaintenanceTable;
  status_maintenance_components: StatusMaintenanceComponentTable;
  status_subscribers: StatusSubscriberTable;
  status_notices: StatusNoticeTable;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  /** The address in lower case: one row per mailbox whatever the letter case typed. */
  email_key: string;
  status: SubscriberStatus;
  created_at: number;
  updated_at: number;
  confirmation_sent_at: number | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

export interface OutboxTable {
  id: string;
  /** What the mail is for, such as `contact-notification`; for logs and exports. */
  kind: string;
  recipient: string;
  /** The whole mail as JSON (see OutgoingMail in the server). */
  message: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  /** While `sending`: when a crashed sender's claim lapses and another may retry. */
  locked_until: number | null;
  /** Which sender holds the claim, so a batch can be claimed in one statement. */
  claim_token: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}
