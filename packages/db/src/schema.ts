import type {
  AgentAlertRuleTable,
  AgentBatchTable,
  AgentChannelTable,
  AgentDependencyTable,
  AgentDiskRollupTable,
  AgentDiskSampleTable,
  AgentRollupTable,
  AgentRuleBreachTable,
  AgentSampleTable,
  AgentServiceTable,
  AgentTable,
  AgentTaskTable,
} from "./agent-schema.ts";
import type {
  AlertTable,
  ChannelRoutingColumns,
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
  BillingCustomerTable,
  BillingEventTable,
  BillingSubscriptionTable,
} from "./billing-schema.ts";
import type {
  AgentCustomRollupTable,
  AgentCustomSampleTable,
  AgentCustomSeriesTable,
} from "./custom-metric-schema.ts";
import type {
  DashboardShareLinkTable,
  DashboardTable,
  DashboardWidgetTable,
} from "./dashboard-schema.ts";
import type { DomainClaimTable } from "./domain-claim-schema.ts";
import type { HeartbeatTable } from "./heartbeat-schema.ts";
import type {
  MaintenanceWindowGroupTable,
  MaintenanceWindowMonitorTable,
  MaintenanceWindowTable,
} from "./maintenance-window-schema.ts";
import type {
  AccountTable,
  ApiKeyTable,
  CheckRegionRollupTable,
  CheckResultTable,
  CheckRollupTable,
  MissedCheckTable,
  MonitorGroupChannelTable,
  MonitorGroupMemberTable,
  MonitorGroupTable,
  MonitorTable,
  PasswordResetTable,
  RegionOutageTable,
  RunnerTable,
  SecureVariableTable,
  SessionTable,
  UserTable,
} from "./monitoring-schema.ts";
import type { AccountHistoryColumns, MonitorBadgeTable } from "./retention-badge-schema.ts";
import type {
  SlaReportRecipientTable,
  SlaReportScheduleTable,
  SlaReportSendTable,
} from "./sla-report-schema.ts";
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
import type {
  AuditEventTable,
  CustomRoleTable,
  InvitationTable,
  MembershipTable,
  PlanChangeTable,
  RecoveryCodeTable,
  SignInChallengeTable,
  SsoAttemptTable,
  SsoConfigTable,
  SsoDomainTable,
  SsoIdentityTable,
  SsoPendingLinkTable,
  TwoFactorTable,
} from "./team-schema.ts";

/**
 * Table types for the query builder. Times are epoch milliseconds and flags are 0/1 integers,
 * so the same rows read back identically from SQLite and PostgreSQL.
 */
export interface Database {
  server_secrets: ServerSecretTable;
  server_owner: ServerOwnerTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  outbox: OutboxTable;
  accounts: AccountTable & AccountHistoryColumns;
  users: UserTable;
  api_keys: ApiKeyTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  monitors: MonitorTable;
  monitor_groups: MonitorGroupTable;
  monitor_group_members: MonitorGroupMemberTable;
  monitor_group_channels: MonitorGroupChannelTable;
  heartbeats: HeartbeatTable;
  monitor_badges: MonitorBadgeTable;
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
  channels: ChannelTable & ChannelRoutingColumns;
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
  maintenance_windows: MaintenanceWindowTable;
  maintenance_window_monitors: MaintenanceWindowMonitorTable;
  maintenance_window_groups: MaintenanceWindowGroupTable;
  status_subscribers: StatusSubscriberTable;
  status_notices: StatusNoticeTable;
  agents: AgentTable;
  sla_report_schedules: SlaReportScheduleTable;
  sla_report_sends: SlaReportSendTable;
  sla_report_recipients: SlaReportRecipientTable;
  agent_batches: AgentBatchTable;
  agent_samples: AgentSampleTable;
  agent_disk_samples: AgentDiskSampleTable;
  agent_rollups: AgentRollupTable;
  agent_disk_rollups: AgentDiskRollupTable;
  agent_services: AgentServiceTable;
  agent_alert_rules: AgentAlertRuleTable;
  agent_rule_breaches: AgentRuleBreachTable;
  agent_channels: AgentChannelTable;
  agent_dependencies: AgentDependencyTable;
  agent_tasks: AgentTaskTable;
  agent_custom_series: AgentCustomSeriesTable;
  agent_custom_samples: AgentCustomSampleTable;
  agent_custom_rollups: AgentCustomRollupTable;
  custom_roles: CustomRoleTable;
  memberships: MembershipTable;
  invitations: InvitationTable;
  audit_events: AuditEventTable;
  plan_changes: PlanChangeTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_challenges: SignInChallengeTable;
  sso_configs: SsoConfigTable;
  sso_domains: SsoDomainTable;
  sso_identities: SsoIdentityTable;
  sso_attempts: SsoAttemptTable;
  sso_pending_links: SsoPendingLinkTable;
  domain_claims: DomainClaimTable;
  billing_customers: BillingCustomerTable;
  billing_subscriptions: BillingSubscriptionTable;
  billing_events: BillingEventTable;
  dashboards: DashboardTable;
  dashboard_widgets: DashboardWidgetTable;
  dashboard_share_links: DashboardShareLinkTable;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: number;
}

/** The account that owns the server (one row, slot "owner"): the first account made on it. */
export interface ServerOwnerTable {
  slot: string;
  account_id: string;
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
