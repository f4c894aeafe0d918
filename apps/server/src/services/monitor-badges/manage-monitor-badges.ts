import { placeOf } from "../../secrets/secret-box.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { ServiceError } from "../service-error.ts";
import { hashBadgeKey, newBadgeKey } from "./badge-key.ts";
import { type BadgeKind, badgeUrlsOf } from "./badge-urls.ts";

/** Whether a monitor's badges are on, and their addresses while they are. */
export interface MonitorBadges {
  enabled: boolean;
  urls: Record<BadgeKind, string> | null;
}

const SEALED_AT = (monitorId: string) => placeOf("monitor_badges", "key_sealed", monitorId);

function keyColumns(ctx: ServiceContext, monitorId: string) {
  const key = newBadgeKey();
  return { key_hash: hashBadgeKey(key), key_sealed: ctx.secrets.seal(key, SEALED_AT(monitorId)) };
}

/** The monitor's badges as its account sees them (another account's monitor is not found). */
export async function readMonitorBadges(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  publicUrl: string,
): Promise<MonitorBadges> {
  await getMonitor(ctx, access, monitorId);
  const row = await ctx.db
    .selectFrom("monitor_badges")
    .select("key_sealed")
    .where("monitor_id", "=", monitorId)
    .executeTakeFirst();
  if (!row) return { enabled: false, urls: null };
  const key = ctx.secrets.open(row.key_sealed, SEALED_AT(monitorId));
  return { enabled: true, urls: badgeUrlsOf(publicUrl, key) };
}

/**
 * Switches the monitor's badges on with a new key, or off (the key is forgotten, so turning
 * them on again gives new addresses); recorded in the audit log. The same setting again
 * changes nothing.
 */
export async function setMonitorBadges(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  enabled: boolean,
  publicUrl: string,
): Promise<MonitorBadges> {
  const monitor = await getMonitor(ctx, access, monitorId);
  const now = ctx.now();
  await ctx.transact(async (trx) => {
    const existing = await trx
      .selectFrom("monitor_badges")
      .select("monitor_id")
      .where("monitor_id", "=", monitorId)
      .executeTakeFirst();
    if (Boolean(existing) === enabled) return;
    if (enabled) {
      await trx
        .insertInto("monitor_badges")
        .values({ monitor_id: monitorId, ...keyColumns(ctx, monitorId), created_at: now })
        .execute();
    } else {
      await trx.deleteFrom("monitor_badges").where("monitor_id", "=", monitorId).execute();
    }
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: enabled ? "monitor.badges_enabled" : "monitor.badges_disabled",
      target: { type: "monitor", id: monitor.id, label: monitor.name },
      changes: null,
    });
  });
  return readMonitorBadges(ctx, access, monitorId, publicUrl);
}

/** Gives the monitor's badges a new key; every old address stops answering as this commits. */
export async function regenerateMonitorBadgeKey(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
  publicUrl: string,
): Promise<MonitorBadges> {
  const monitor = await getMonitor(ctx, access, monitorId);
  const replaced = await ctx.transact(async (trx) => {
    const result = await trx
      .updateTable("monitor_badges")
      .set(keyColumns(ctx, monitorId))
      .where("monitor_id", "=", monitorId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "monitor.badge_url_regenerated",
      target: { type: "monitor", id: monitor.id, label: monitor.name },
      changes: null,
    });
    return true;
  });
  if (!replaced) {
    throw new ServiceError(
      "conflict",
      "The monitor's badges are off, so there are no addresses to replace; switch them on first.",
    );
  }
  return readMonitorBadges(ctx, access, monitorId, publicUrl);
}
