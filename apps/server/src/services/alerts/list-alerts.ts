import type { AlertSeverity, AlertState } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { type AlertView, viewAlerts } from "./alert-view.ts";

export interface AlertFilter {
  state?: AlertState | undefined;
  severity?: AlertSeverity | undefined;
  monitorId?: string | undefined;
  agentId?: string | undefined;
  limit: number;
  /** Only alerts opened before this time (the `next_before` of the previous page). */
  before?: number | undefined;
}

export interface AlertPage {
  alerts: AlertView[];
  nextBefore: number | null;
}

/** The account's alerts, newest first, filtered by state, severity, monitor and agent. */
export async function listAlerts(
  ctx: ServiceContext,
  access: AccountAccess,
  filter: AlertFilter,
): Promise<AlertPage> {
  let query = ctx.db
    .selectFrom("alerts")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("opened_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit + 1);
  if (filter.state === "resolved") query = query.where("state", "=", "resolved");
  if (filter.state === "open") {
    query = query.where("state", "=", "open").where("acknowledged_at", "is", null);
  }
  if (filter.state === "acknowledged") {
    query = query.where("state", "=", "open").where("acknowledged_at", "is not", null);
  }
  if (filter.severity) query = query.where("severity", "=", filter.severity);
  if (filter.monitorId) query = query.where("monitor_id", "=", filter.monitorId);
  if (filter.agentId) query = query.where("agent_id", "=", filter.agentId);
  if (filter.before !== undefined) query = query.where("opened_at", "<", filter.before);
  const rows = await query.execute();
  const page = rows.slice(0, filter.limit);
  return {
    alerts: await viewAlerts(ctx.db, page, ctx.now()),
    nextBefore: rows.length > filter.limit ? (page.at(-1)?.opened_at ?? null) : null,
  };
}
