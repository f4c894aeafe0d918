/**
 * Agents' alerts: the offline watch, the report hook applying rules, and the verbs the
 * update-rule, delete-rule and revoke-key services call inside their transactions.
 */
export { AgentAlerting, type AgentAlertingOptions } from "./agent-alerting.ts";
export {
  declareSilentAgentsOffline,
  endOfflineAlertOfRevokedKey,
  markAgentOnline,
  offlineMessage,
} from "./offline-alerts.ts";
export { applyAgentRules, resolveRuleAlerts, reviewRuleAlerts } from "./rule-alerts.ts";
export { readCondition, ruleMessage } from "./rule-conditions.ts";
