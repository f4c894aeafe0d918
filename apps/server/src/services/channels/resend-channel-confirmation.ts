import type { Channel } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { configOf } from "./channel-record.ts";
import type { ChannelDeps } from "./channel-rules.ts";
import { findChannel, getChannel } from "./get-channel.ts";
import { queueChannelConfirmation } from "./queue-channel-confirmation.ts";

/** Mails a new confirmation link to an e-mail channel that awaits its recipient's confirmation. */
export async function resendChannelConfirmation(
  ctx: ServiceContext,
  deps: Pick<ChannelDeps, "confirmLinkBase">,
  access: AccountAccess,
  channelId: string,
): Promise<Channel> {
  const channel = await findChannel(ctx, access, channelId);
  if (channel.confirmed_at !== null) {
    throw new ServiceError("conflict", "This channel is confirmed already; it receives alerts.");
  }
  const address = configOf(channel).address ?? "";
  await storeOrExplain("the confirmation request", () =>
    ctx.db
      .transaction()
      .execute((trx) =>
        queueChannelConfirmation(
          trx,
          ctx,
          access,
          { id: channel.id, address },
          deps.confirmLinkBase,
        ),
      ),
  );
  return getChannel(ctx, access, channel.id);
}
