import type { AccountAccess } from "../accounts/account-access.ts";
import { channelAuditEvent } from "../audit/channel-audit.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { findChannel } from "./get-channel.ts";

/** Removes a channel; monitors stop using it and its unsent notifications are dropped. */
export async function deleteChannel(
  ctx: ServiceContext,
  access: AccountAccess,
  channelId: string,
): Promise<void> {
  const channel = await findChannel(ctx, access, channelId);
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("channels")
      .where("id", "=", channelId)
      .where("account_id", "=", access.accountId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new NotFoundError("channel");
    await recordAuditEvent(
      trx,
      ctx,
      access.accountId,
      actorOf(access),
      channelAuditEvent("channel.deleted", channel, null),
    );
  });
}
