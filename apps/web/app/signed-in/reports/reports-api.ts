import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, call, operationPath, type QueryOf } from "../api-call.ts";
import { API_BASE } from "../api-client.ts";
import { OP } from "../operation-routes.ts";

/** An SLA report as the API answers it. */
export type SlaReport = AnswerOf<"getSlaReport">;
/** A monthly report schedule. */
export type SlaSchedule = AnswerOf<"createSlaSchedule">;

/** The subject, period and target of a report. */
export type ReportQuery = QueryOf<"getSlaReport">;

/** One report: a subject over a period against a target. */
export const slaReportQuery = (query: ReportQuery) =>
  queryOptions({
    queryKey: ["sla-report", query],
    queryFn: () => call(OP.getSlaReport, { query }),
  });

/** The account's monthly report schedules. */
export const slaSchedulesQuery = () =>
  queryOptions({
    queryKey: ["sla-schedules"],
    queryFn: () => call(OP.listSlaSchedules),
  });

/** Where the browser downloads the report as CSV or PDF. */
export function reportDownloadUrl(kind: "csv" | "pdf", query: ReportQuery): string {
  const route = kind === "csv" ? OP.exportSlaReportCsv : OP.exportSlaReportPdf;
  return `${API_BASE}${operationPath(route, { query })}`;
}
