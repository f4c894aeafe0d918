export type ExportFormat = "csv" | "json";

/** Rows as CSV (RFC 4180 quoting, formula-safe) or as a JSON array. */
export function formatRows(
  rows: Record<string, unknown>[],
  columns: string[],
  format: ExportFormat,
): string {
  if (format === "json") return `${JSON.stringify(rows, null, 2)}\n`;
  const lines = [
    columns.join(","),
    ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would run as a formula when the file is opened in a spreadsheet.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `7d`, `24h`, `30m` or an ISO date, as epoch milliseconds. */
export function parseSince(value: string, now: number): number {
  const relative = /^(\d+)([dhm])$/.exec(value);
  if (relative) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as "d" | "h" | "m"];
    return now - Number(relative[1]) * unit;
  }
  const date = Date.parse(value);
  if (Number.isNaN(date))
    throw new Error(`--since must look like 7d, 24h, 30m or 2024-12-31 (got "${value}").`);
  return date;
}
