import type { AgentSample } from "@upwatch/api";
import { type AlertKind, type AlertSeverity, customSeriesKey, seriesMatches } from "@upwatch/core";
import type { AgentAlertRuleTable } from "@upwatch/db";

/** A rule's condition for one subject ('' machine-wide, a mount, a service) in one sample. */
export interface ConditionReading {
  subject: string;
  holds: boolean;
  value: number | null;
  /** What the value is compared with (for load, the factor times the cores); null for services. */
  threshold: number | null;
}

/** An agent alert rule as the engine reads it. */
export interface AgentRule {
  id: string;
  kind: string;
  threshold: number;
  durationMs: number;
  severity: AlertSeverity;
  disks: string[] | null;
  services: string[] | null;
  /** A custom rule's metric, label matchers and comparison; nulls for the other kinds. */
  metric: string | null;
  labels: Record<string, string> | null;
  comparison: "above" | "below" | null;
}

export function ruleOf(row: AgentAlertRuleTable): AgentRule {
  return {
    id: row.id,
    kind: row.kind,
    threshold: row.threshold,
    durationMs: row.duration_minutes * 60_000,
    severity: row.severity as AlertSeverity,
    disks: row.disks === null ? null : (JSON.parse(row.disks) as string[]),
    services: row.services === null ? null : (JSON.parse(row.services) as string[]),
    metric: row.metric,
    labels: row.labels === null ? null : (JSON.parse(row.labels) as Record<string, string>),
    comparison: row.comparison === "below" ? "below" : row.comparison === null ? null : "above",
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/** What the rule reads in a sample, per subject; a Windows sample has no load (never fires). */
export function readCondition(rule: AgentRule, sample: AgentSample): ConditionReading[] {
  const threshold = rule.threshold;
  switch (rule.kind) {
    case "cpu":
      return [
        {
          subject: "",
          holds: sample.cpu_percent > threshold,
          value: sample.cpu_percent,
          threshold,
        },
      ];
    case "memory": {
      const { total_bytes, available_bytes } = sample.memory;
      const available = total_bytes > 0 ? (available_bytes / total_bytes) * 100 : 100;
      return [{ subject: "", holds: available < threshold, value: round(available), threshold }];
    }
    case "disk":
      return sample.disks
        .filter((disk) => rule.disks === null || rule.disks.includes(disk.mount))
        .map((disk) => {
          const free =
            disk.total_bytes > 0
              ? ((disk.total_bytes - disk.used_bytes) / disk.total_bytes) * 100
              : 100;
          return { subject: disk.mount, holds: free < threshold, value: round(free), threshold };
        });
    case "load": {
      if (sample.load === null) return [];
      const limit = threshold * sample.cores;
      return [
        { subject: "", holds: sample.load.one > limit, value: sample.load.one, threshold: limit },
      ];
    }
    case "service":
      return sample.services
        .filter((service) => rule.services === null || rule.services.includes(service.name))
        .map((service) => ({
          subject: service.name,
          holds: service.state !== "running",
          value: null,
          threshold: null,
        }));
    case "custom":
      return readCustomMetric(rule, sample);
    default:
      return [];
  }
}

/**
 * Each series of the rule's metric with its labels, in a sample that carries it; a value that
 * is NaN or infinite is no reading, and neither is a series the sample lacks.
 */
function readCustomMetric(rule: AgentRule, sample: AgentSample): ConditionReading[] {
  const readings: ConditionReading[] = [];
  for (const metric of sample.custom_metrics ?? []) {
    if (metric.name !== rule.metric || metric.value === null) continue;
    if (!seriesMatches(metric.labels, rule.labels)) continue;
    const holds =
      rule.comparison === "below" ? metric.value < rule.threshold : metric.value > rule.threshold;
    readings.push({
      subject: customSeriesKey(metric.name, metric.labels),
      holds,
      value: metric.value,
      threshold: rule.threshold,
    });
  }
  return readings;
}

/** The alert kind of a rule's alerts. */
export function alertKindOf(rule: AgentRule): AlertKind {
  return `agent-${rule.kind}` as AlertKind;
}

const percent = (value: number) => `${Math.round(value)}%`;

function minutes(ms: number): string {
  const count = Math.round(ms / 60_000);
  return `${count} minute${count === 1 ? "" : "s"}`;
}

/** The alert's sentence, as the help centre writes them. */
export function ruleMessage(
  rule: AgentRule,
  agentName: string,
  reading: ConditionReading,
  sample: AgentSample,
): string {
  const value = reading.value ?? 0;
  switch (rule.kind) {
    case "cpu":
      return rule.durationMs > 0
        ? `CPU on ${agentName} has been over ${percent(rule.threshold)} for ${minutes(rule.durationMs)} (${percent(value)}).`
        : `CPU on ${agentName} is over ${percent(rule.threshold)} (${percent(value)}).`;
    case "memory":
      return `Memory on ${agentName} has ${percent(value)} available (under ${percent(rule.threshold)}).`;
    case "disk":
      return `Disk ${reading.subject} on ${agentName} has ${percent(value)} free (under ${percent(rule.threshold)}).`;
    case "load":
      return `Load on ${agentName} is ${round(value)}, over ${round(reading.threshold ?? 0)} (${rule.threshold} × ${sample.cores} cores).`;
    case "custom":
      return `${reading.subject} on ${agentName} is ${value}, ${rule.comparison ?? "above"} ${rule.threshold}${rule.durationMs > 0 ? ` for ${minutes(rule.durationMs)}` : ""}.`;
    default: {
      const state = sample.services.find((s) => s.name === reading.subject)?.state ?? "stopped";
      return `Service ${reading.subject} on ${agentName} is ${state}.`;
    }
  }
}
