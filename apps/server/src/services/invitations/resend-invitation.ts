import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { hashToken, newToken } from "../auth/auth-tokens.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findHandledInvitation } from "./find-handled-invitation.ts";
import { INVITATION_LIFETIME_MS, INVITATION_RESEND_INTERVAL_MS } from "./invitation-rules.ts";
import { findPendingInvitation, type InvitationSummary } from "./list-invitations.ts";
import { sendInvitationMail } from "./send-invitation-mail.ts";

/**
 * Mails a pending invitation again with a new link valid for 7 more days; the old link stops
 * working. At most once a minute per invitation, and only by someone who could have given its role.
 */
export async function resendInvitation(
  ctx: AuthContext,
  access: AccountAccess,
  id: string,
): Promise<InvitationSummary> {
  const invitation = await findHandledInvitation(ctx, access, id);
  const now = ctx.now();
  const wait = invitation.sentAt + INVITATION_RESEND_INTERVAL_MS - now;
  if (wait > 0) {
    throw new ServiceError(
      "rate-limited",
      "The invitation was mailed less than a minute ago; wait a moment before sending it again.",
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  }
  await storeOrExplain("the invitation", () =>
    ctx.db.transaction().execute(async (trx) => {
      const token = newToken();
      await trx
        .updateTable("invitations")
        .set({
          token_hash: hashToken(token),
          sent_at: now,
          expires_at: now + INVITATION_LIFETIME_MS,
        })
        .where("id", "=", id)
        .where("account_id", "=", access.accountId)
        .execute();
      await sendInvitationMail(
        trx,
        ctx,
        {
          email: invitation.email,
          accountId: access.accountId,
          invitedBy: access.userId ?? null,
          roleName: invitation.roleName,
        },
        token,
      );
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "invitation.resent",
        target: { type: "invitation", id, label: invitation.email },
      });
    }),
  );
  const resent = await findPendingInvitation(ctx, access.accountId, id);
  if (!resent) throw new ServiceError("not-found", "There is no pending invitation with that id.");
  return resent;
}
