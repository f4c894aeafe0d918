import type { NotificationDeliveryTable } from "@upwatch/db";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";

export interface DeliveryFilter {
  channelId?: string | undefined;
  alertId?: string | undefined;
  limit: number;
  /** Only attempts before this time (the `next_before` of the previous page). */
  before?: number | undefined;
}

export interface DeliveryPage {
  deliveries: NotificationDeliveryTable[];
  nextBefore: number | null;
}

/** The account's delivery log (30 days), newest first. */
export async function listDeliveries(
  ctx: ServiceContext,
  access: AccountAccess,
  filter: DeliveryFilter,
): Promise<DeliveryPage> {
  let query = ctx.db
    .selectFrom("notification_deliveries")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("attempted_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit + 1);
  if (filter.channelId) query = query.where("channel_id", "=", filter.channelId);
  if (filter.alertId) query = query.where("alert_id", "=", filter.alertId);
  if (filter.before !== undefined) query = query.where("attempted_at", "<", filter.before);
  const rows = await query.execute();
  const deliveries = rows.slice(0, filter.limit);
  return {
    deliveries,
    nextBefore: rows.length > filter.limit ? (deliveries.at(-1)?.attempted_at ?? null) : null,
  };
}
