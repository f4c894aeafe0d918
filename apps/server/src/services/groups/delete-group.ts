import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { findGroupRow } from "./find-group.ts";
import { groupAuditEvent } from "./group-audit.ts";
import { viewGroups } from "./group-record.ts";

/** Deletes a group with its memberships and channel links; its monitors and channels stay. */
export async function deleteGroup(
  ctx: ServiceContext,
  access: AccountAccess,
  groupId: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findGroupRow(trx, access.accountId, groupId);
    const [before] = await viewGroups(trx, [row]);
    await trx.deleteFrom("monitor_group_members").where("group_id", "=", groupId).execute();
    await trx.deleteFrom("monitor_group_channels").where("group_id", "=", groupId).execute();
    await trx.deleteFrom("monitor_groups").where("id", "=", groupId).execute();
    await recordAuditEvent(
      trx,
      ctx,
      access.accountId,
      actorOf(access),
      groupAuditEvent("group.deleted", before ?? null, null),
    );
  });
}
