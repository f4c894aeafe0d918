import type { AuditEventView } from "./audit-event-record.ts";

/** The CSV export's header row. */
export const AUDIT_CSV_HEADER = [
  "time",
  "actor",
  "action",
  "target",
  "changes",
  "address",
  "user agent",
];

/** One CSV line (RFC 4180, ending in CRLF) of cells, spreadsheet formulas defused. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(cell).join(",")}\r\n`;
}

/** An event's cells in the order of the header. */
export function auditEventCells(event: AuditEventView): string[] {
  return [
    event.at,
    event.actor.label,
    event.action,
    event.target ? `${event.target.type} ${event.target.label}` : "",
    event.changes ? JSON.stringify(event.changes) : "",
    event.ip_address ?? "",
    event.user_agent ?? "",
  ];
}

function cell(value: string): string {
  // A spreadsheet runs a cell starting with one of these as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
