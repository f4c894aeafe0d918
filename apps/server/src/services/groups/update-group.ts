import type { Group } from "@upwatch/api";
import { type AlertSeverity, linksOf } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { refuseForeignChannels } from "../channels/refuse-foreign-channels.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findGroupRow, getGroup } from "./find-group.ts";
import { groupAuditEvent } from "./group-audit.ts";
import { addGroupMonitorRows, replaceGroupChannels, replaceGroupMonitors } from "./group-links.ts";
import { groupNameKey, viewGroups } from "./group-record.ts";
import { refuseForeignMonitors, refuseTakenGroupName } from "./group-rules.ts";

export interface UpdateGroupInput {
  name?: string | undefined;
  description?: string | null | undefined;
  /** Replaces the members. */
  monitor_ids?: string[] | undefined;
  /** Replaces the channels. */
  channel_ids?: string[] | undefined;
  /** Instead of `channel_ids`: replaces the channels, with the severities each receives. */
  channels?: { id: string; severities?: AlertSeverity[] | undefined }[] | undefined;
  /** Adds members, keeping the others. */
  add_monitor_ids?: string[] | undefined;
  /** Takes one member out. */
  remove_monitor_id?: string | undefined;
}

/** Renames or describes a group, or changes its monitors or channels; recorded in the audit log. */
export async function updateGroup(
  ctx: ServiceContext,
  access: AccountAccess,
  groupId: string,
  input: UpdateGroupInput,
): Promise<Group> {
  const channels = linksOf(input.channel_ids, input.channels);
  await storeOrExplain("the group", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      const row = await findGroupRow(trx, access.accountId, groupId);
      const [before] = await viewGroups(trx, [row]);
      if (input.name !== undefined) {
        await refuseTakenGroupName(trx, access.accountId, input.name, groupId);
      }
      const added = [...(input.monitor_ids ?? []), ...(input.add_monitor_ids ?? [])];
      await refuseForeignMonitors(trx, access.accountId, added);
      await refuseForeignChannels(
        trx,
        access.accountId,
        (channels ?? []).map((link) => link.id),
      );
      if (input.monitor_ids) await replaceGroupMonitors(trx, groupId, input.monitor_ids);
      if (input.add_monitor_ids) await addGroupMonitorRows(trx, groupId, input.add_monitor_ids);
      if (input.remove_monitor_id !== undefined) {
        const removed = await trx
          .deleteFrom("monitor_group_members")
          .where("group_id", "=", groupId)
          .where("monitor_id", "=", input.remove_monitor_id)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) {
          throw new ServiceError("not-found", "That monitor is not in this group.");
        }
      }
      if (channels) await replaceGroupChannels(trx, groupId, channels);
      const changed = {
        ...row,
        ...(input.name !== undefined
          ? { name: input.name, name_key: groupNameKey(input.name) }
          : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
      const [after] = await viewGroups(trx, [changed]);
      const event = groupAuditEvent("group.updated", before ?? null, after ?? null);
      if (!event.changes) return;
      const at = ctx.now();
      await trx
        .updateTable("monitor_groups")
        .set({
          name: changed.name,
          name_key: changed.name_key,
          description: changed.description,
          updated_at: at,
        })
        .where("id", "=", groupId)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), event);
    }),
  );
  return getGroup(ctx, access, groupId);
}
