import type { Channel } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { monitorsOfChannels } from "./channel-monitors.ts";
import { openChannel, viewChannel } from "./channel-record.ts";

/** The account's channels, oldest first, secrets masked. */
export async function listChannels(ctx: ServiceContext, access: AccountAccess): Promise<Channel[]> {
  const channels = await ctx.db
    .selectFrom("channels")
    .selectAll()
    .where("account_id", "=", access.accountId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const monitors = await monitorsOfChannels(
    ctx.db,
    channels.map((channel) => channel.id),
  );
  return channels.map((channel) =>
    viewChannel(openChannel(channel, ctx.secrets), monitors.get(channel.id) ?? [], access.plan),
  );
}
