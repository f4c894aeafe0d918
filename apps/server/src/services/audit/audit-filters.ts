import type { Database } from "@upwatch/db";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { ServiceError } from "../service-error.ts";

/** What the audit log is filtered by, as the API's query gives it. */
export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type EventQuery = SelectQueryBuilder<Database, "audit_events", object>;

/**
 * The account's events matching the filters: one person, one action or every action of a thing
 * (`monitor.`), and a time range where `to` given as a date alone includes that whole day.
 */
export function filteredAuditEvents(
  db: Kysely<Database>,
  accountId: string,
  filters: AuditFilters,
): EventQuery {
  let query: EventQuery = db.selectFrom("audit_events").where("account_id", "=", accountId);
  if (filters.actor) query = query.where("actor_user_id", "=", filters.actor);
  if (filters.action?.endsWith(".")) {
    const pattern = `${filters.action.replace(/_/g, "\\_")}%`;
    query = query.where(sql<boolean>`action like ${pattern} escape '\\'`);
  } else if (filters.action) {
    query = query.where("action", "=", filters.action);
  }
  const from = filters.from === undefined ? undefined : Date.parse(filters.from);
  const to =
    filters.to === undefined
      ? undefined
      : Date.parse(filters.to) + (DATE_ONLY.test(filters.to) ? DAY_MS : 0);
  if (from !== undefined && to !== undefined && from >= to) {
    throw new ServiceError("invalid", "from must be earlier than to.");
  }
  if (from !== undefined) query = query.where("at", ">=", from);
  if (to !== undefined) query = query.where("at", "<", to);
  return query;
}
