import type { ChannelTable } from "@upwatch/db";
import { hashToken } from "../auth/auth-tokens.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { CONFIRMATION_LINK_LIFETIME_MS } from "./channel-confirmation-rules.ts";
import { configOf, openChannel } from "./channel-record.ts";

/** What a confirmation link leads to: the address it confirms, or nothing valid. */
export type ChannelConfirmation =
  | { outcome: "pending" | "confirmed"; address: string }
  | { outcome: "invalid-link" };

/** The channel a confirmation link names, while the link is unused and unexpired. */
async function channelOfLink(
  ctx: Pick<ServiceContext, "db" | "now" | "secrets">,
  token: string,
): Promise<ChannelTable | undefined> {
  if (!token) return undefined;
  const channel = await ctx.db
    .selectFrom("channels")
    .selectAll()
    .where("confirmation_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const sentAt = channel?.confirmation_sent_at;
  if (!channel || sentAt == null) return undefined;
  if (ctx.now() - Number(sentAt) > CONFIRMATION_LINK_LIFETIME_MS) return undefined;
  return openChannel(channel, ctx.secrets);
}

/** What opening a confirmation link shows; it changes nothing, as mail scanners open links. */
export async function findChannelConfirmation(
  ctx: Pick<ServiceContext, "db" | "now" | "secrets">,
  token: string,
): Promise<ChannelConfirmation> {
  const channel = await channelOfLink(ctx, token);
  if (!channel) return { outcome: "invalid-link" };
  return { outcome: "pending", address: configOf(channel).address ?? "" };
}

/** Confirms the channel a genuine, unexpired link names; the link then stops working. */
export async function confirmChannel(
  ctx: Pick<ServiceContext, "db" | "now" | "secrets">,
  token: string,
): Promise<ChannelConfirmation> {
  const channel = await channelOfLink(ctx, token);
  if (!channel) return { outcome: "invalid-link" };
  const at = ctx.now();
  const result = await storeOrExplain("your confirmation", () =>
    ctx.db
      .updateTable("channels")
      .set({ confirmed_at: at, confirmation_token_hash: null, updated_at: at })
      .where("id", "=", channel.id)
      .where("confirmation_token_hash", "=", hashToken(token))
      .executeTakeFirst(),
  );
  if (Number(result.numUpdatedRows) !== 1) return { outcome: "invalid-link" };
  return { outcome: "confirmed", address: configOf(channel).address ?? "" };
}
