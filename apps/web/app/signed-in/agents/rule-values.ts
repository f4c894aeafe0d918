import type { AgentRuleComparison, AgentRuleKind, AlertSeverity } from "@upwatch/core";
import type { BodyOf } from "../api-call.ts";
import type { AgentRuleTemplateView } from "./agent-types.ts";
import type { AgentRule, RuleFields } from "./agents-api.ts";

/** A rule's form as typed: numbers and lists still as text. */
export interface RuleValues {
  kind: AgentRuleKind;
  threshold: string;
  duration_minutes: string;
  severity: AlertSeverity;
  /** Mounts or service names separated by commas; empty means every one. */
  subjects: string;
  /** A custom rule's metric name, its label matchers as `label=value` separated by commas, and its comparison. */
  metric: string;
  labels: string;
  comparison: AgentRuleComparison;
}

export type RuleField =
  | "threshold"
  | "duration_minutes"
  | "severity"
  | "subjects"
  | "metric"
  | "labels"
  | "comparison";

/** The form filled from a template (adding) or from a rule (changing it). */
export function ruleValues(from: AgentRuleTemplateView | AgentRule): RuleValues {
  const subjects = "id" in from ? (from.kind === "disk" ? from.disks : from.services) : null;
  return {
    kind: from.kind,
    threshold: String(from.threshold),
    duration_minutes: String(from.duration_minutes),
    severity: from.severity,
    subjects: (subjects ?? []).join(", "),
    metric: "id" in from ? (from.metric ?? "") : "",
    labels:
      "id" in from && from.labels
        ? Object.entries(from.labels)
            .map(([label, value]) => `${label}=${value}`)
            .join(", ")
        : "",
    comparison: "id" in from && from.comparison ? from.comparison : "above",
  };
}

/** `queue=mail, region=eu` as label matchers; null when empty. A part without = is kept whole for the server to refuse. */
export function parseLabelMatchers(text: string): Record<string, string> | null {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const labels: Record<string, string> = {};
  for (const part of parts) {
    const at = part.indexOf("=");
    if (at === -1) labels[part] = "";
    else
      labels[part.slice(0, at).trim()] = part
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1");
  }
  return labels;
}

/** A severity as the page writes it. */
export const SEVERITY_WORDS = { critical: "Critical", warning: "Warning", info: "Info" } as const;

/** What the threshold means for each kind of rule, for its label. */
export const THRESHOLD_LABELS: Record<AgentRuleKind, string | null> = {
  cpu: "CPU used over (%)",
  memory: "Memory available under (%)",
  disk: "Free space under (%)",
  load: "Load over (times the number of cores)",
  service: null,
  custom: "Threshold (in the metric's own unit)",
};

/** The request body for the form's values; numbers the browser could not read stay NaN for the server to refuse. */
export function ruleFields(values: RuleValues): RuleFields {
  const list = values.subjects
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const fields: RuleFields = {
    kind: values.kind,
    duration_minutes: Number(values.duration_minutes),
    severity: values.severity,
  };
  if (values.kind !== "service") fields.threshold = Number(values.threshold);
  if (values.kind === "disk") fields.disks = list.length ? list : null;
  if (values.kind === "service") fields.services = list.length ? list : null;
  if (values.kind === "custom") {
    fields.metric = values.metric.trim();
    fields.labels = parseLabelMatchers(values.labels);
    fields.comparison = values.comparison;
  }
  return fields;
}

/** What changing a rule sends: its fields without the kind, which a rule keeps. */
export function ruleChanges(fields: RuleFields): BodyOf<"updateAgentRule"> {
  const { kind: _kind, ...changes } = fields;
  return changes;
}

/** The field a server's refusal is about, from the words of its sentence. */
export function refusedRuleField(detail: string): RuleField | "form" {
  const text = detail.toLowerCase();
  if (text.includes("label")) return "labels";
  if (text.includes("metric")) return "metric";
  if (text.includes("comparison")) return "comparison";
  if (text.includes("threshold")) return "threshold";
  if (text.includes("duration")) return "duration_minutes";
  if (text.includes("severity")) return "severity";
  if (text.includes("disk") || text.includes("service")) return "subjects";
  return "form";
}
