import type { Migration } from "kysely";
import { formsMigration } from "./2026_11_21_0001_forms.ts";
import { accountsMigration } from "./2026_11_21_0100_accounts.ts";
import { monitorsMigration } from "./2026_11_21_0101_monitors.ts";
import { alertsMigration } from "./2026_11_21_0200_alerts.ts";
import { channelsMigration } from "./2026_11_21_0201_channels.ts";
import { halfHourRollupsMigration } from "./2026_11_22_0100_half_hour_rollups.ts";
import { sessionsMigration } from "./2026_11_22_0100_sessions.ts";
import { channelConfirmationMigration } from "./2026_11_24_0100_channel_confirmation.ts";
import { regionsMigration } from "./2026_11_25_0100_regions.ts";
import { multiStepMigration } from "./2026_11_26_0100_multi_step.ts";
import { statusPagesMigration } from "./2026_11_27_0100_status_pages.ts";
import { agentsMigration } from "./2026_11_28_0100_agents.ts";
import { agentOfflineIndexMigration } from "./2026_11_28_0200_agent_offline_index.ts";
import { agentBreachLastAtMigration } from "./2026_11_28_0300_agent_breach_last_at.ts";
import { agentRollupMemorySamplesMigration } from "./2026_11_28_0400_agent_rollup_memory_samples.ts";
import { agentTasksMigration } from "./2026_11_29_0100_agent_tasks.ts";
import { teamsMigration } from "./2026_12_01_0100_teams.ts";
import { monitorGroupsMigration } from "./2026_12_02_0100_monitor_groups.ts";
import { heartbeatsMigration } from "./2026_12_02_0200_heartbeats.ts";
import { planChangesMigration } from "./2026_12_02_0300_plan_changes.ts";
import { responseRangeMigration } from "./2026_12_02_0400_response_range.ts";
import { domainVerificationMigration } from "./2026_12_03_0100_domain_verification.ts";
import { ssoIdentityLinksMigration } from "./2026_12_03_0200_sso_identity_links.ts";
import { billingMigration } from "./2026_12_04_0100_billing.ts";
import { billingGraceMigration } from "./2026_12_05_0100_billing_grace.ts";
import { usageBillingMigration } from "./2026_12_06_0100_usage_billing.ts";
import { serverOwnerMigration } from "./2026_12_07_0100_server_owner.ts";
import { channelRoutingMigration } from "./2026_12_08_0100_channel_routing.ts";
import { notificationClaimsMigration } from "./2026_12_09_0100_notification_claims.ts";
import { slaReportsMigration } from "./2026_12_10_0100_sla_reports.ts";
import { dashboardsMigration } from "./2026_12_10_0200_dashboards.ts";
import { customAgentMetricsMigration } from "./2026_12_10_0300_custom_agent_metrics.ts";
import { retentionBadgesMigration } from "./2026_12_10_0400_retention_badges.ts";
import { recurringMaintenanceMigration } from "./2026_12_10_0500_recurring_maintenance.ts";
import { maintenanceWindowsMigration } from "./2026_12_10_0510_maintenance_windows.ts";
import { reportRecipientConfirmationMigration } from "./2026_12_10_0600_report_recipient_confirmation.ts";

/** Every migration, in the order they apply. Names sort in that order too. */
export const migrations: Record<string, Migration> = {
  "2026_11_21_0001_forms": formsMigration,
  "2026_11_21_0100_accounts": accountsMigration,
  "2026_11_21_0101_monitors": monitorsMigration,
  "2026_11_21_0200_alerts": alertsMigration,
  "2026_11_21_0201_channels": channelsMigration,
  "2026_11_22_0100_half_hour_rollups": halfHourRollupsMigration,
  "2026_11_22_0100_sessions": sessionsMigration,
  "2026_11_24_0100_channel_confirmation": channelConfirmationMigration,
  "2026_11_25_0100_regions": regionsMigration,
  "2026_11_26_0100_multi_step": multiStepMigration,
  "2026_11_27_0100_status_pages": statusPagesMigration,
  "2026_11_28_0100_agents": agentsMigration,
  "2026_11_28_0200_agent_offline_index": agentOfflineIndexMigration,
  "2026_11_28_0300_agent_breach_last_at": agentBreachLastAtMigration,
  "2026_11_28_0400_agent_rollup_memory_samples": agentRollupMemorySamplesMigration,
  "2026_11_29_0100_agent_tasks": agentTasksMigration,
  "2026_12_01_0100_teams": teamsMigration,
  "2026_12_02_0100_monitor_groups": monitorGroupsMigration,
  "2026_12_02_0200_heartbeats": heartbeatsMigration,
  "2026_12_02_0300_plan_changes": planChangesMigration,
  "2026_12_02_0400_response_range": responseRangeMigration,
  "2026_12_03_0100_domain_verification": domainVerificationMigration,
  "2026_12_03_0200_sso_identity_links": ssoIdentityLinksMigration,
  "2026_12_04_0100_billing": billingMigration,
  "2026_12_05_0100_billing_grace": billingGraceMigration,
  "2026_12_06_0100_usage_billing": usageBillingMigration,
  "2026_12_07_0100_server_owner": serverOwnerMigration,
  "2026_12_08_0100_channel_routing": channelRoutingMigration,
  "2026_12_09_0100_notification_claims": notificationClaimsMigration,
  "2026_12_10_0100_sla_reports": slaReportsMigration,
  "2026_12_10_0300_custom_agent_metrics": customAgentMetricsMigration,
  "2026_12_10_0200_dashboards": dashboardsMigration,
  "2026_12_10_0400_retention_badges": retentionBadgesMigration,
  "2026_12_10_0500_recurring_maintenance": recurringMaintenanceMigration,
  "2026_12_10_0510_maintenance_windows": maintenanceWindowsMigration,
  "2026_12_10_0600_report_recipient_confirmation": reportRecipientConfirmationMigration,
};
