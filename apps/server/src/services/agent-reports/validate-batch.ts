import { type AgentReportBatch, agentReportBatchSchema } from "@upwatch/api";
import { AGENT_REPORT_LIMITS, customSeriesKey } from "@upwatch/core";
import type { z } from "zod";
import { ServiceError } from "../service-error.ts";

const MINUTE_MS = 60_000;

/**
 * Reads a report batch as the contract defines it, then refuses what cannot be true: a clock
 * too far from the server's, samples taken after the batch was sent or older than the agent
 * buffers, and the same time, disk, service or custom series twice. Every refusal is a sentence naming the
 * field and the report.
 */
export function validateAgentBatch(body: unknown, now: number): AgentReportBatch {
  const parsed = agentReportBatchSchema.safeParse(body);
  if (!parsed.success) throw invalid(describeBatchIssue(parsed.error));
  const batch = parsed.data;
  refuseClockSkew(batch.sent_at, now);
  const seen = new Map<number, number>();
  batch.reports.forEach((report, index) => {
    const where = reportName(index);
    if (report.sampled_at > batch.sent_at) {
      throw invalid(
        `${where} was sampled after the batch was sent (reports[${index}].sampled_at is later than sent_at).`,
      );
    }
    if (report.sampled_at < batch.sent_at - AGENT_REPORT_LIMITS.oldestSampleMs) {
      throw invalid(
        `${where} is more than ${AGENT_REPORT_LIMITS.oldestSampleMs / MINUTE_MS} minutes older than the batch (reports[${index}].sampled_at); samples that old are not accepted.`,
      );
    }
    const earlier = seen.get(report.sampled_at);
    if (earlier !== undefined) {
      throw invalid(
        `${reportName(earlier)} and ${where.toLowerCase()} have the same sampled_at; each report is sampled at its own time.`,
      );
    }
    seen.set(report.sampled_at, index);
    const mount = firstRepeated(report.disks.map((disk) => disk.mount));
    if (mount !== undefined) {
      throw invalid(`${where} lists the disk ${mount} twice (reports[${index}].disks).`);
    }
    const service = firstRepeated(report.services.map((s) => s.name));
    if (service !== undefined) {
      throw invalid(`${where} lists the service ${service} twice (reports[${index}].services).`);
    }
    const series = firstRepeated(
      (report.custom_metrics ?? []).map((metric) => customSeriesKey(metric.name, metric.labels)),
    );
    if (series !== undefined) {
      throw invalid(
        `${where} lists the custom metric ${series} twice (reports[${index}].custom_metrics).`,
      );
    }
  });
  return batch;
}

function refuseClockSkew(sentAt: number, now: number): void {
  const skew = sentAt - now;
  if (Math.abs(skew) <= AGENT_REPORT_LIMITS.clockSkewMs) return;
  const minutes = Math.round(Math.abs(skew) / MINUTE_MS);
  const direction = skew > 0 ? "ahead of" : "behind";
  throw invalid(
    `The agent's clock is ${minutes} minute${minutes === 1 ? "" : "s"} ${direction} the server's; set the machine's clock (NTP) and the reports will be accepted.`,
  );
}

/** The first issue zod found, in a sentence that says where it is. */
export function describeBatchIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The report batch is not valid.";
  if (issue.code === "invalid_type" && issue.path.length === 0) {
    return "The request body must be a JSON object.";
  }
  const path = issue.path.map(String);
  const inReport = path[0] === "reports" && /^\d+$/.test(path[1] ?? "");
  const where = inReport ? `${reportName(Number(path[1]))}: ` : "";
  const field = pathText(issue.path);
  if (issue.code === "unrecognized_keys") {
    const at = field ? ` in ${field}` : "";
    return capitalise(
      `${where}unknown field${issue.keys.length > 1 ? "s" : ""}${at}: ${issue.keys.join(", ")}.`,
    );
  }
  const message = /[.!?]$/.test(issue.message) ? issue.message : `${issue.message}.`;
  return capitalise(field ? `${where}${field}: ${message}` : `${where}${message}`);
}

function capitalise(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i ? "." : ""}${String(part)}`))
    .join("");
}

function reportName(index: number): string {
  return `Report ${index + 1} of the batch`;
}

function firstRepeated(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

function invalid(sentence: string): ServiceError {
  return new ServiceError("invalid", sentence);
}
