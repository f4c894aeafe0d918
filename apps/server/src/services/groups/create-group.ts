import type { Group } from "@upwatch/api";
import { type AlertSeverity, linksOf } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { refuseForeignChannels } from "../channels/refuse-foreign-channels.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { getGroup } from "./find-group.ts";
import { groupAuditEvent } from "./group-audit.ts";
import { replaceGroupChannels, replaceGroupMonitors } from "./group-links.ts";
import { groupNameKey, viewGroups } from "./group-record.ts";
import { enforceGroupCount, refuseForeignMonitors, refuseTakenGroupName } from "./group-rules.ts";

export interface CreateGroupInput {
  name: string;
  description?: string | null | undefined;
  monitor_ids?: string[] | undefined;
  channel_ids?: string[] | undefined;
  /** Instead of `channel_ids`: the channels with the severities each receives. */
  channels?: { id: string; severities?: AlertSeverity[] | undefined }[] | undefined;
}

/**
 * Creates a group with its monitors and channels, all the account's own; the name is unique in
 * the account whatever its case, and the count is checked under the account's lock.
 */
export async function createGroup(
  ctx: ServiceContext,
  access: AccountAccess,
  input: CreateGroupInput,
): Promise<Group> {
  const at = ctx.now();
  const row = {
    id: ctx.newId("grp"),
    account_id: access.accountId,
    name: input.name,
    name_key: groupNameKey(input.name),
    description: input.description ?? null,
    created_at: at,
    updated_at: at,
  };
  const channels = linksOf(input.channel_ids, input.channels) ?? [];
  await storeOrExplain("the group", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await enforceGroupCount(trx, access.accountId);
      await refuseTakenGroupName(trx, access.accountId, input.name);
      await refuseForeignMonitors(trx, access.accountId, input.monitor_ids ?? []);
      await refuseForeignChannels(
        trx,
        access.accountId,
        channels.map((link) => link.id),
      );
      await trx.insertInto("monitor_groups").values(row).execute();
      await replaceGroupMonitors(trx, row.id, input.monitor_ids ?? []);
      await replaceGroupChannels(trx, row.id, channels);
      const [created] = await viewGroups(trx, [row]);
      await recordAuditEvent(
        trx,
        ctx,
        access.accountId,
        actorOf(access),
        groupAuditEvent("group.created", null, created ?? null),
      );
    }),
  );
  return getGroup(ctx, access, row.id);
}
