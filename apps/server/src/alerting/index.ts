/**
 * Alerting's front door: what the rest of the server may use. Stored checks become incidents,
 * alerts and queued notifications inside the transaction that stores them (`AlertEngine.hook`,
 * `applyChecks`); the escalation ticker sends what is due (`runDueEscalations`); the API
 * resolves alerts and ends outages through the verbs below. Agents' alerts come through the
 * same door: the offline watch, the report hook applying rules, and the verbs the update-rule,
 * delete-rule and revoke-key services call inside their transactions. The rules are
 * `@upwatch/core`'s.
 */

export { describeDuration, describeDurationShort } from "../describe-duration.ts";
export { enqueueAcknowledgementNotice } from "./acknowledgement-notice.ts";
export { AgentAlerting, type AgentAlertingOptions } from "./agents/agent-alerting.ts";
export { endOfflineAlertOfRevokedKey } from "./agents/offline-alerts.ts";
export { resolveRuleAlerts, reviewRuleAlerts } from "./agents/rule-alerts.ts";
export type { AlertsChanged, ChangedAlert } from "./alert-changes.ts";
export { AlertEngine, type AlertEngineOptions } from "./alert-engine.ts";
export { alertState, escalationOf } from "./alert-record.ts";
export type { AlertingContext } from "./alerting-context.ts";
export type { MonitorFacts } from "./alerting-snapshot.ts";
export { applyChecks } from "./apply-checks.ts";
export { effectiveChannelsOf } from "./effective-channels.ts";
export {
  loadMonitorMaintenanceWindows,
  type MonitorMaintenanceWindow,
} from "./monitor-maintenance-windows.ts";
export { openNoAgentAlert, resolveNoAgentAlert } from "./no-agent-alerts.ts";
export {
  buildAlertMessage,
  buildTestMessage,
  type CheckFacts,
  type NotificationMessage,
} from "./notification-message.ts";
export { endOutageOfChangedMonitor } from "./outages.ts";
export { resolveAlertByHand } from "./resolve-by-hand.ts";
export { type DueRun, runDueEscalations, SCHEDULE_SLACK_MS } from "./run-due-escalations.ts";
