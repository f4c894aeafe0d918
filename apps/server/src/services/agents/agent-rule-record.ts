import type { AgentRule } from "@upwatch/api";
import {
  AGENT_RULE_TEMPLATES,
  type AgentRuleComparison,
  type AgentRuleKind,
  type AlertSeverity,
  customSeriesKey,
} from "@upwatch/core";
import type { AgentAlertRuleTable } from "@upwatch/db";
import { readStoredJson } from "../../records/stored-json.ts";
import { isoTime } from "../../time.ts";

/** What a rule is, apart from whose it is and when it was made. */
export interface AgentRuleSettings {
  kind: AgentRuleKind;
  threshold: number;
  duration_minutes: number;
  severity: AlertSeverity;
  disks: string[] | null;
  services: string[] | null;
  /** A custom rule's metric, the labels its series must have (null: any) and its comparison. */
  metric: string | null;
  labels: Record<string, string> | null;
  comparison: AgentRuleComparison | null;
}

const parseList = (text: string | null): string[] | null => readStoredJson<string[]>(text);

export function ruleSettingsOf(row: AgentAlertRuleTable): AgentRuleSettings {
  return {
    kind: row.kind as AgentRuleKind,
    threshold: row.threshold,
    duration_minutes: row.duration_minutes,
    severity: row.severity as AlertSeverity,
    disks: parseList(row.disks),
    services: parseList(row.services),
    metric: row.metric,
    labels: readStoredJson<Record<string, string>>(row.labels),
    comparison: row.comparison as AgentRuleComparison | null,
  };
}

const orList = (names: readonly string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;

const forDuration = (minutes: number) =>
  minutes === 0 ? "" : ` for ${minutes} minute${minutes === 1 ? "" : "s"}`;

/** A rule in words: "CPU usage over 80% for 5 minutes", "Less than 15% free on /, /var". */
export function ruleCondition(rule: AgentRuleSettings): string {
  const lasting = forDuration(rule.duration_minutes);
  switch (rule.kind) {
    case "cpu":
      return `CPU usage over ${rule.threshold}%${lasting}`;
    case "memory":
      return `Memory available under ${rule.threshold}%${lasting}`;
    case "disk": {
      const where = rule.disks ? `on ${rule.disks.join(", ")}` : "on any disk";
      return `Less than ${rule.threshold}% free ${where}${lasting}`;
    }
    case "load": {
      const factor = rule.threshold === 1 ? "" : `${rule.threshold} times `;
      return `Load average above ${factor}the number of CPU cores${lasting}`;
    }
    case "service": {
      const which = rule.services ? `Service ${orList(rule.services)}` : "Any listed service";
      return `${which} not running${lasting}`;
    }
    case "custom": {
      const series = customSeriesKey(rule.metric ?? "", rule.labels ?? {});
      return `${series} ${rule.comparison ?? "above"} ${rule.threshold}${lasting}`;
    }
  }
}

/** A rule as the API shows it. */
export function presentAgentRule(row: AgentAlertRuleTable): AgentRule {
  const settings = ruleSettingsOf(row);
  return {
    id: row.id,
    ...settings,
    name: AGENT_RULE_TEMPLATES[settings.kind].name,
    condition: ruleCondition(settings),
    created_at: isoTime(row.created_at),
  };
}
