import { isoTime, isoTimeOrNull } from "../../time.ts";
import type { ResponseFigures, SlaFigures, SlaReport } from "./sla-report.ts";

type Cell = string | number | boolean | null;

function cell(value: Cell): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  // A spreadsheet runs a text cell starting with one of these as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: readonly Cell[]) => `${cells.map(cell).join(",")}\r\n`;

const FIGURE_HEADER = [
  "measured minutes",
  "maintenance minutes",
  "downtime minutes",
  "uptime percent",
  "allowed downtime minutes",
  "budget left minutes",
  "target met",
  "outages",
  "mttr minutes",
  "mtbf minutes",
];

function figureCells(f: SlaFigures): Cell[] {
  return [
    f.measuredMinutes,
    f.maintenanceMinutes,
    f.downtimeMinutes,
    f.uptimePercent,
    f.allowedDowntimeMinutes,
    f.budgetLeftMinutes,
    f.targetMet === null ? null : f.targetMet ? "yes" : "no",
    f.outages,
    f.mttrMinutes,
    f.mtbfMinutes,
  ];
}

const RESPONSE_HEADER = ["checks", "checks up percent", "average ms", "p50 ms", "p95 ms", "p99 ms"];

function responseCells(r: ResponseFigures | null): Cell[] {
  return [
    r?.checks ?? null,
    r?.checksUpPercent ?? null,
    r?.averageMs ?? null,
    r?.p50Ms ?? null,
    r?.p95Ms ?? null,
    r?.p99Ms ?? null,
  ];
}

/**
 * The report as one CSV file of sections, each a header row and its rows with a blank line
 * between: the whole subject, its members, outages, maintenance windows and regions. Times are
 * ISO 8601 in UTC; minutes and percentages are plain numbers.
 */
export function slaReportCsv(report: SlaReport): string {
  const parts = [
    line([
      "report",
      "subject type",
      "subject",
      "from",
      "to",
      "time zone",
      "target percent",
      ...FIGURE_HEADER,
      ...RESPONSE_HEADER,
    ]),
    line([
      "SLA",
      report.subject.type,
      report.subject.name,
      isoTime(report.from),
      isoTime(report.to),
      report.timeZone,
      report.targetPercent,
      ...figureCells(report.whole),
      ...responseCells(report.response),
    ]),
    "\r\n",
    line(["member", "kind", ...FIGURE_HEADER, ...RESPONSE_HEADER]),
    ...report.members.map((m) =>
      line([m.name, m.kind, ...figureCells(m.figures), ...responseCells(m.response)]),
    ),
    "\r\n",
    line(["outage of", "started", "ended", "duration minutes", "counted minutes", "cause"]),
    ...report.outages.map((o) =>
      line([
        o.memberName,
        isoTime(o.startedAt),
        isoTimeOrNull(o.endedAt),
        o.durationMinutes,
        o.countedMinutes,
        o.cause,
      ]),
    ),
    "\r\n",
    line(["maintenance of", "title", "starts", "ends"]),
    ...report.maintenance.map((w) =>
      line([w.memberName, w.title, isoTime(w.startsAt), isoTime(w.endsAt)]),
    ),
    "\r\n",
    line([
      "region of",
      "region",
      "checks",
      "missed",
      "uptime percent",
      "average ms",
      "p50 ms",
      "p95 ms",
    ]),
    ...report.regions.map((g) =>
      line([
        g.memberName,
        g.region,
        g.checks,
        g.missed,
        g.uptimePercent,
        g.averageMs,
        g.p50Ms,
        g.p95Ms,
      ]),
    ),
  ];
  return parts.join("");
}

/** A file name for the report's downloads, such as `sla-checkout-2026-11`. */
export function slaReportFileName(report: SlaReport): string {
  const slug = report.subject.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  const period = report.month ?? isoTime(report.from).slice(0, 10);
  return `sla-${slug || report.subject.type}-${period}`;
}
