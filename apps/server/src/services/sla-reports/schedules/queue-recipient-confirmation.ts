import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { reportRecipientConfirmationMail } from "../../../mail/messages/report-recipient-confirmation.ts";
import { enqueueMail } from "../../../mail/outbox.ts";
import type { AccountAccess } from "../../accounts/account-access.ts";
import { hashToken, newToken } from "../../auth/auth-tokens.ts";
import { recordChannelSend } from "../../channels/channel-send-limits.ts";
import type { ServiceContext } from "../../context.ts";

/** The outbox kind of report recipient confirmation mails. */
export const REPORT_CONFIRMATION_MAIL_KIND = "report-recipient-confirmation";

/**
 * Inside the caller's transaction: gives the recipient a new single-use link (an earlier one
 * stops working) and queues the one mail carrying it, counted against the same gap per address
 * and hourly allowance per account as alert channel confirmations.
 */
export async function queueRecipientConfirmation(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  access: Pick<AccountAccess, "accountId">,
  recipient: { id: string; address: string },
  linkBase: string,
): Promise<void> {
  await recordChannelSend(trx, ctx, access, recipient.id, "confirmation");
  const token = newToken();
  await trx
    .updateTable("sla_report_recipients")
    .set({
      confirmed_at: null,
      confirmation_token_hash: hashToken(token),
      confirmation_sent_at: ctx.now(),
    })
    .where("id", "=", recipient.id)
    .execute();
  const link = `${linkBase}/confirm-report?token=${token}`;
  await enqueueMail(
    trx,
    ctx,
    REPORT_CONFIRMATION_MAIL_KIND,
    reportRecipientConfirmationMail(recipient.address, link),
  );
}
