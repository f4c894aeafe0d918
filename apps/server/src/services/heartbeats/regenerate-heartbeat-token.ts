import type { Monitor } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { getMonitor } from "../monitors/get-monitor.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { tokenColumns } from "./heartbeat-rows.ts";
import { newHeartbeatToken } from "./heartbeat-token.ts";

/**
 * Gives a heartbeat monitor a new ping URL; the old one stops working as this commits. The
 * change is recorded in the audit log, without either URL.
 */
export async function regenerateHeartbeatToken(
  ctx: ServiceContext,
  access: AccountAccess,
  monitorId: string,
): Promise<Monitor> {
  const monitor = await getMonitor(ctx, access, monitorId);
  if (monitor.type !== "heartbeat") {
    throw new ServiceError(
      "conflict",
      "Only a heartbeat monitor has a ping URL to replace; this monitor is checked on a schedule.",
    );
  }
  await storeOrExplain("the new ping URL", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("heartbeats")
        .set(tokenColumns(monitorId, newHeartbeatToken(), ctx.secrets))
        .where("monitor_id", "=", monitorId)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "monitor.ping_url_regenerated",
        target: { type: "monitor", id: monitor.id, label: monitor.name },
        changes: null,
      });
    }),
  );
  return monitor;
}
