import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { channelConfirmationMail } from "../../mail/messages/channel-confirmation.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { hashToken, newToken } from "../auth/auth-tokens.ts";
import type { ServiceContext } from "../context.ts";
import { recordChannelSend } from "./channel-send-limits.ts";

/** The outbox kind of channel confirmation mails. */
export const CHANNEL_CONFIRMATION_MAIL_KIND = "channel-confirmation";

/**
 * Inside the caller's transaction: marks the channel as awaiting confirmation with a new
 * single-use link (an earlier link stops working) and queues the one mail carrying it, counted
 * against the channel's and the account's send limits.
 */
export async function queueChannelConfirmation(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  access: Pick<AccountAccess, "accountId">,
  channel: { id: string; address: string },
  linkBase: string,
): Promise<void> {
  await recordChannelSend(trx, ctx, access, channel.id, "confirmation");
  const token = newToken();
  await trx
    .updateTable("channels")
    .set({
      confirmed_at: null,
      confirmation_token_hash: hashToken(token),
      confirmation_sent_at: ctx.now(),
    })
    .where("id", "=", channel.id)
    .execute();
  const link = `${linkBase}/confirm-channel?token=${token}`;
  await enqueueMail(
    trx,
    ctx,
    CHANNEL_CONFIRMATION_MAIL_KIND,
    channelConfirmationMail(channel.address, link),
  );
}
