import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { viewAuditEvent } from "./audit-event-record.ts";
import { AUDIT_CSV_HEADER, auditEventCells, csvLine } from "./audit-events-csv.ts";
import type { AuditFilters } from "./audit-filters.ts";
import { filteredAuditEvents } from "./audit-filters.ts";
import { enforceAuditLogPlan } from "./enforce-audit-log-plan.ts";
import { pageOfAuditEvents } from "./list-audit-events.ts";

/** Events read per query while the export streams. */
const PER_READ = 500;

/**
 * The filtered audit log as CSV lines, newest first, read a page at a time so a long log
 * streams without being held in memory. The plan and filters are checked before the first line.
 */
export async function exportAuditEvents(
  ctx: ServiceContext,
  access: AccountAccess,
  filters: AuditFilters,
): Promise<AsyncIterable<string>> {
  enforceAuditLogPlan(access.plan);
  // Building the query refuses a range that ends before it starts: before any line is sent.
  filteredAuditEvents(ctx.db, access.accountId, filters);
  return lines(ctx, access.accountId, filters);
}

async function* lines(
  ctx: ServiceContext,
  accountId: string,
  filters: AuditFilters,
): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_HEADER);
  let before: string | undefined;
  for (;;) {
    const rows = await pageOfAuditEvents(ctx, accountId, { ...filters, before, limit: PER_READ });
    const page = rows.slice(0, PER_READ);
    yield page.map((row) => csvLine(auditEventCells(viewAuditEvent(row)))).join("");
    const last = page.at(-1);
    if (rows.length <= PER_READ || !last) return;
    before = `${Number(last.at)}.${last.id}`;
  }
}
