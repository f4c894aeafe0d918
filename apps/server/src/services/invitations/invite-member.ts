import { ROLE_NAMES } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { hashToken, newToken } from "../auth/auth-tokens.ts";
import { type AssignedRole, assignableRole } from "../members/assignable-role.ts";
import { requireRoomForAnotherUser } from "../members/user-limit.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { INVITATION_LIFETIME_MS } from "./invitation-rules.ts";
import { findPendingInvitation, type InvitationSummary } from "./list-invitations.ts";
import { sendInvitationMail } from "./send-invitation-mail.ts";

/**
 * Invites an address to join the account with a role and mails it a link valid for 7 days.
 * Refused for an address already a member or already invited, and beyond the plan's users.
 */
export async function inviteMember(
  ctx: AuthContext,
  access: AccountAccess,
  input: { email: string } & AssignedRole,
): Promise<InvitationSummary> {
  const email = input.email.trim();
  const emailKey = email.toLowerCase();
  const account = { id: access.accountId, plan: access.plan };
  const role = await assignableRole(ctx.db, access, input);
  const id = ctx.newId("inv");
  await storeOrExplain("the invitation", () =>
    ctx.db.transaction().execute(async (trx) => {
      // Held until the invitation is stored, so two invitations cannot both take the last place.
      await lockAccount(trx, access.accountId);
      const now = ctx.now();
      const member = await trx
        .selectFrom("memberships")
        .innerJoin("users", "users.id", "memberships.user_id")
        .select("users.id")
        .where("memberships.account_id", "=", access.accountId)
        .where("users.email_key", "=", emailKey)
        .executeTakeFirst();
      if (member)
        throw new ServiceError("conflict", `${email} is already a member of the account.`);
      const pending = await trx
        .selectFrom("invitations")
        .select("id")
        .where("account_id", "=", access.accountId)
        .where("email_key", "=", emailKey)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (pending) {
        throw new ServiceError(
          "conflict",
          `${email} already has a pending invitation; resend it instead.`,
        );
      }
      await requireRoomForAnotherUser(trx, account, now);
      const token = newToken();
      await trx
        .insertInto("invitations")
        .values({
          id,
          account_id: access.accountId,
          email,
          email_key: emailKey,
          role: role.role,
          custom_role_id: role.customRoleId,
          token_hash: hashToken(token),
          invited_by: access.userId ?? null,
          created_at: now,
          sent_at: now,
          expires_at: now + INVITATION_LIFETIME_MS,
          accepted_at: null,
          accepted_by: null,
          revoked_at: null,
        })
        .execute();
      const roleName = role.customRoleName ?? ROLE_NAMES[role.role as keyof typeof ROLE_NAMES];
      await sendInvitationMail(
        trx,
        ctx,
        { email, accountId: access.accountId, invitedBy: access.userId ?? null, roleName },
        token,
      );
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "member.invited",
        target: { type: "invitation", id, label: email },
        changes: { role: { before: null, after: roleName } },
      });
    }),
  );
  const created = await findPendingInvitation(ctx, access.accountId, id);
  if (!created) throw new ServiceError("not-found", "There is no invitation with that id.");
  return created;
}
