import { AUDIT_CURSOR } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type AuditEventView, viewAuditEvent } from "./audit-event-record.ts";
import { type AuditFilters, filteredAuditEvents } from "./audit-filters.ts";
import { enforceAuditLogPlan } from "./enforce-audit-log-plan.ts";

/** One page of the audit log and the cursor of the next (older) page, null on the last. */
export interface AuditEventPage {
  events: AuditEventView[];
  nextBefore: string | null;
}

/**
 * The account's audit events matching the filters, newest first, a page at a time: `before` is
 * the previous page's `nextBefore` (its last event), so events of the same moment are neither
 * skipped nor repeated.
 */
export async function listAuditEvents(
  ctx: ServiceContext,
  access: AccountAccess,
  query: AuditFilters & { before?: string | undefined; limit: number },
): Promise<AuditEventPage> {
  enforceAuditLogPlan(access.plan);
  const rows = await pageOfAuditEvents(ctx, access.accountId, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(viewAuditEvent),
    nextBefore: rows.length > query.limit && last ? `${Number(last.at)}.${last.id}` : null,
  };
}

/** Up to `limit + 1` events older than the cursor, to tell whether another page follows. */
export async function pageOfAuditEvents(
  ctx: ServiceContext,
  accountId: string,
  query: AuditFilters & { before?: string | undefined; limit: number },
) {
  let select = filteredAuditEvents(ctx.db, accountId, query)
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1);
  const cursor = query.before?.match(AUDIT_CURSOR);
  if (cursor) {
    const at = Number(cursor[1]);
    const id = cursor[2] as string;
    select = select.where((eb) =>
      eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]),
    );
  }
  return select.execute();
}
