import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/** Removes a channel; monitors stop using it and its unsent notifications are dropped. */
export async function deleteChannel(
  ctx: ServiceContext,
  access: AccountAccess,
  channelId: string,
): Promise<void> {
  const result = await ctx.db
    .deleteFrom("channels")
    .where("id", "=", channelId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new NotFoundError("channel");
}
