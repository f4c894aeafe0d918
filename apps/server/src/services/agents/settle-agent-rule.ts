import type { UpdateAgentRuleInput } from "@upwatch/api";
import { AGENT_RULE_RANGES, AGENT_RULE_TEMPLATES, type AgentRuleKind } from "@upwatch/core";
import { ServiceError } from "../service-error.ts";
import type { AgentRuleSettings } from "./agent-rule-record.ts";

const { percent, loadFactor, customThreshold } = AGENT_RULE_RANGES;

/** The template's settings for a new rule of this kind. */
export function ruleDefaults(kind: AgentRuleKind): AgentRuleSettings {
  const template = AGENT_RULE_TEMPLATES[kind];
  return {
    kind,
    threshold: template.threshold,
    duration_minutes: template.duration_minutes,
    severity: template.severity,
    disks: null,
    services: null,
    metric: null,
    labels: null,
    comparison: kind === "custom" ? "above" : null,
  };
}

function refuse(message: string): never {
  throw new ServiceError("invalid", message);
}

function checkThreshold(kind: AgentRuleKind, threshold: number): void {
  if (kind === "custom") {
    if (threshold < customThreshold.min || threshold > customThreshold.max) {
      refuse("threshold of a custom rule must be a number from -10^15 to 10^15.");
    }
  } else if (kind === "load") {
    if (threshold < loadFactor.min || threshold > loadFactor.max) {
      refuse(
        `threshold of a load rule must be from ${loadFactor.min} to ${loadFactor.max} times the number of cores.`,
      );
    }
  } else if (threshold < percent.min || threshold > percent.max) {
    refuse(
      `threshold of a ${kind} rule must be a percentage from ${percent.min} to ${percent.max}.`,
    );
  }
}

/**
 * Applies changes to a rule's settings and checks them against its kind: percentages for cpu,
 * memory and disk, a factor of the cores for load, no threshold for service, any number for a
 * custom metric, and the disks, services or metric only on the rules that watch them.
 */
export function settleAgentRule(
  current: AgentRuleSettings,
  changes: UpdateAgentRuleInput,
): AgentRuleSettings {
  const { kind } = current;
  if (changes.threshold !== undefined) {
    if (kind === "service") {
      refuse("A service rule has no threshold: leave threshold out.");
    }
    checkThreshold(kind, changes.threshold);
  }
  if (changes.disks !== undefined && kind !== "disk") {
    refuse("disks applies only to disk rules.");
  }
  if (changes.services !== undefined && kind !== "service") {
    refuse("services applies only to service rules.");
  }
  const custom = [changes.metric, changes.labels, changes.comparison].some((v) => v !== undefined);
  if (custom && kind !== "custom") {
    refuse("metric, labels and comparison apply only to custom rules.");
  }
  const metric = changes.metric ?? current.metric;
  if (kind === "custom" && !metric) {
    refuse("A custom rule needs metric: the name of the custom metric it watches.");
  }
  const unique = (list: string[] | null) => (list === null ? null : [...new Set(list)]);
  return {
    kind,
    threshold: changes.threshold ?? current.threshold,
    duration_minutes: changes.duration_minutes ?? current.duration_minutes,
    severity: changes.severity ?? current.severity,
    disks: changes.disks === undefined ? current.disks : unique(changes.disks),
    services: changes.services === undefined ? current.services : unique(changes.services),
    metric,
    labels: changes.labels === undefined ? current.labels : changes.labels,
    comparison: changes.comparison ?? current.comparison,
  };
}

/** A rule's settings as stored. */
export function ruleColumns(settings: AgentRuleSettings) {
  return {
    kind: settings.kind,
    threshold: settings.threshold,
    duration_minutes: settings.duration_minutes,
    severity: settings.severity,
    disks: settings.disks === null ? null : JSON.stringify(settings.disks),
    services: settings.services === null ? null : JSON.stringify(settings.services),
    metric: settings.metric,
    labels: settings.labels === null ? null : JSON.stringify(settings.labels),
    comparison: settings.comparison,
  };
}
