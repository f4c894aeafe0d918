import type { SlaReportRecipientTable } from "@upwatch/db";
import { hashToken } from "../../auth/auth-tokens.ts";
import { CONFIRMATION_LINK_LIFETIME_MS } from "../../channels/channel-confirmation-rules.ts";
import type { ChannelConfirmation } from "../../channels/confirm-channel.ts";
import type { ServiceContext } from "../../context.ts";
import { storeOrExplain } from "../../storage-error.ts";

/** The recipient a confirmation link names, while the link is unused and unexpired. */
async function recipientOfLink(
  ctx: Pick<ServiceContext, "db" | "now">,
  token: string,
): Promise<SlaReportRecipientTable | undefined> {
  if (!token) return undefined;
  const recipient = await ctx.db
    .selectFrom("sla_report_recipients")
    .selectAll()
    .where("confirmation_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  const sentAt = recipient?.confirmation_sent_at;
  if (!recipient || sentAt == null) return undefined;
  if (ctx.now() - Number(sentAt) > CONFIRMATION_LINK_LIFETIME_MS) return undefined;
  return recipient;
}

/** What opening a report confirmation link shows; it changes nothing, as mail scanners open links. */
export async function findRecipientConfirmation(
  ctx: Pick<ServiceContext, "db" | "now">,
  token: string,
): Promise<ChannelConfirmation> {
  const recipient = await recipientOfLink(ctx, token);
  if (!recipient) return { outcome: "invalid-link" };
  return { outcome: "pending", address: recipient.address };
}

/** Confirms the report recipient a genuine, unexpired link names; the link then stops working. */
export async function confirmReportRecipient(
  ctx: Pick<ServiceContext, "db" | "now">,
  token: string,
): Promise<ChannelConfirmation> {
  const recipient = await recipientOfLink(ctx, token);
  if (!recipient) return { outcome: "invalid-link" };
  const result = await storeOrExplain("your confirmation", () =>
    ctx.db
      .updateTable("sla_report_recipients")
      .set({ confirmed_at: ctx.now(), confirmation_token_hash: null })
      .where("id", "=", recipient.id)
      .where("confirmation_token_hash", "=", hashToken(token))
      .executeTakeFirst(),
  );
  if (Number(result.numUpdatedRows) !== 1) return { outcome: "invalid-link" };
  return { outcome: "confirmed", address: recipient.address };
}
