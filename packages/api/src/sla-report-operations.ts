import { type ApiOperation, idParams } from "./api-operation.ts";
import {
  slaReportQuery,
  slaReportResponse,
  slaScheduleCreate,
  slaScheduleListResponse,
  slaScheduleResponse,
  slaScheduleUpdate,
} from "./sla-report-schemas.ts";

const tag = "Reports";
const planError = { "403": "The role lacks the permission, or the plan has no SLA reports" };

/** SLA reports of a monitor, group, agent or status page, and their monthly mailing. */
export const SLA_REPORT_OPERATIONS = {
  getSlaReport: {
    method: "GET",
    url: "/reports/sla",
    permission: "view",
    summary:
      "An SLA report over a calendar month or a period: uptime against a target, downtime, budget left, outages, maintenance, MTTR, MTBF, response times and regions",
    tag,
    query: slaReportQuery,
    status: 200,
    response: slaReportResponse,
    errors: planError,
  },
  exportSlaReportCsv: {
    method: "GET",
    url: "/reports/sla.csv",
    permission: "view",
    summary: "The same report as CSV: summary, members, outages, maintenance and regions",
    tag,
    query: slaReportQuery,
    status: 200,
    errors: planError,
  },
  exportSlaReportPdf: {
    method: "GET",
    url: "/reports/sla.pdf",
    permission: "view",
    summary: "The same report as a PDF document: cover, summary, chart and tables",
    tag,
    query: slaReportQuery,
    status: 200,
    errors: planError,
  },
  listSlaSchedules: {
    method: "GET",
    url: "/reports/schedules",
    permission: "view",
    summary: "The reports mailed on the first day of each month for the month before",
    tag,
    status: 200,
    response: slaScheduleListResponse,
    errors: planError,
  },
  createSlaSchedule: {
    method: "POST",
    url: "/reports/schedules",
    permission: "channels.manage",
    summary: "Mail a subject's SLA report, PDF and CSV attached, to some addresses every month",
    tag,
    body: slaScheduleCreate,
    status: 201,
    response: slaScheduleResponse,
    errors: planError,
  },
  updateSlaSchedule: {
    method: "PATCH",
    url: "/reports/schedules/:id",
    permission: "channels.manage",
    params: idParams,
    summary: "Change a schedule's target or addresses",
    tag,
    body: slaScheduleUpdate,
    status: 200,
    response: slaScheduleResponse,
    errors: planError,
  },
  deleteSlaSchedule: {
    method: "DELETE",
    url: "/reports/schedules/:id",
    permission: "channels.manage",
    params: idParams,
    summary: "Stop mailing a report",
    tag,
    status: 204,
    errors: planError,
  },
} as const satisfies Record<string, ApiOperation>;
