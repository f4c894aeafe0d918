import type { AlertSeverity } from "../alerting/alert-types.ts";

/** What an agent alert rule watches. */
export const AGENT_RULE_KINDS = ["cpu", "memory", "disk", "load", "service", "custom"] as const;
export type AgentRuleKind = (typeof AGENT_RULE_KINDS)[number];

export interface AgentRuleTemplate {
  kind: AgentRuleKind;
  name: string;
  /** The condition in words, with the default numbers. */
  condition: string;
  threshold: number;
  duration_minutes: number;
  severity: AlertSeverity;
}

/**
 * The templates of the help centre's agent alerting article. Thresholds are percent for cpu
 * (used), memory (available) and disk (free); for load, times the number of CPU cores; for a
 * custom metric, the metric's own unit.
 */
export const AGENT_RULE_TEMPLATES: Record<AgentRuleKind, AgentRuleTemplate> = {
  cpu: {
    kind: "cpu",
    name: "High CPU",
    condition: "CPU usage over 80% for 5 minutes",
    threshold: 80,
    duration_minutes: 5,
    severity: "warning",
  },
  memory: {
    kind: "memory",
    name: "Low memory",
    condition: "Memory available under 10%",
    threshold: 10,
    duration_minutes: 0,
    severity: "critical",
  },
  disk: {
    kind: "disk",
    name: "Low disk space",
    condition: "Less than 15% free on a disk",
    threshold: 15,
    duration_minutes: 0,
    severity: "warning",
  },
  load: {
    kind: "load",
    name: "High load",
    condition: "Load average above the number of CPU cores",
    threshold: 1,
    duration_minutes: 0,
    severity: "warning",
  },
  service: {
    kind: "service",
    name: "Service stopped",
    condition: "A listed service is not running",
    threshold: 0,
    duration_minutes: 0,
    severity: "critical",
  },
  custom: {
    kind: "custom",
    name: "Custom metric",
    condition: "A custom metric above a threshold",
    threshold: 0,
    duration_minutes: 0,
    severity: "warning",
  },
};

/** How a custom metric rule compares the metric with its threshold. */
export const AGENT_RULE_COMPARISONS = ["above", "below"] as const;
export type AgentRuleComparison = (typeof AGENT_RULE_COMPARISONS)[number];

/** The ranges a rule's numbers must fall in. */
export const AGENT_RULE_RANGES = {
  percent: { min: 1, max: 99 },
  loadFactor: { min: 0.1, max: 20 },
  /** A custom metric's threshold, in the metric's own unit. */
  customThreshold: { min: -1e15, max: 1e15 },
  durationMinutes: { min: 0, max: 60 },
  rulesPerAgent: 50,
} as const;

/** The severity of an agent's offline alert. */
export const AGENT_OFFLINE_SEVERITY: AlertSeverity = "critical";
