import type { Channel } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { monitorsOfChannels } from "./channel-monitors.ts";
import { openChannel, type StoredChannel, viewChannel } from "./channel-record.ts";

/** The stored channel of the account; another account's is not found, as a missing one. */
export async function findChannel(
  ctx: ServiceContext,
  access: AccountAccess,
  channelId: string,
): Promise<StoredChannel> {
  const channel = await ctx.db
    .selectFrom("channels")
    .selectAll()
    .where("id", "=", channelId)
    .where("account_id", "=", access.accountId)
    .executeTakeFirst();
  if (!channel) throw new NotFoundError("channel");
  return openChannel(channel, ctx.secrets);
}

/** One of the account's channels, secrets masked. */
export async function getChannel(
  ctx: ServiceContext,
  access: AccountAccess,
  channelId: string,
): Promise<Channel> {
  const channel = await findChannel(ctx, access, channelId);
  const monitors = await monitorsOfChannels(ctx.db, [channel.id]);
  return viewChannel(channel, monitors.get(channel.id) ?? [], access.plan);
}
