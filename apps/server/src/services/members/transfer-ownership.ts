import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { sessionOf } from "../auth/get-session.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import { verifyPassword } from "../auth/password-hash.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findMember } from "./list-members.ts";

/** The refusal of a wrong password when transferring ownership. */
export const WRONG_PASSWORD_FOR_TRANSFER = "That is not your password; ownership stays with you.";

/**
 * Makes another member the owner, once the owner's password is checked again (under the sign-in
 * throttle: a wrong password counts as a failed sign-in); the previous owner becomes an admin.
 * Both changes are conditional on the roles still being as checked, so the account keeps
 * exactly one owner whatever runs at the same time.
 */
export async function transferOwnership(
  ctx: ServiceContext,
  throttle: LoginThrottle,
  access: AccountAccess,
  input: { userId: string; password: string },
): Promise<void> {
  const { userId, accountId } = sessionOf(access);
  const me = await ctx.db
    .selectFrom("users")
    .select(["password_hash", "email_key"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const emailKey = me?.email_key ?? userId;
  const clientAddress = access.clientAddress ?? "";
  await throttle.check(emailKey, clientAddress);
  if (!(await verifyPassword(input.password, me?.password_hash ?? null))) {
    await throttle.recordFailure(emailKey, clientAddress);
    throw new ServiceError("invalid", WRONG_PASSWORD_FOR_TRANSFER);
  }
  if (input.userId === userId) throw new ServiceError("invalid", "You already own the account.");
  const next = await findMember(ctx, accountId, input.userId);
  if (!next) throw notAMember();
  await storeOrExplain("the transfer of ownership", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      const stepDown = await trx
        .updateTable("memberships")
        .set({ role: "admin", custom_role_id: null })
        .where("account_id", "=", accountId)
        .where("user_id", "=", userId)
        .where("role", "=", "owner")
        .executeTakeFirst();
      if (Number(stepDown.numUpdatedRows) !== 1) {
        throw new ServiceError("forbidden", "You no longer own the account.");
      }
      const stepUp = await trx
        .updateTable("memberships")
        .set({ role: "owner", custom_role_id: null })
        .where("account_id", "=", accountId)
        .where("user_id", "=", input.userId)
        .where("role", "<>", "owner")
        .executeTakeFirst();
      if (Number(stepUp.numUpdatedRows) !== 1) throw notAMember();
      await recordAuditEvent(trx, ctx, accountId, actorOf(access), {
        action: "ownership.transferred",
        target: { type: "member", id: input.userId, label: next.email },
        changes: { owner: { before: userId, after: input.userId } },
      });
    }),
  );
}

function notAMember(): ServiceError {
  return new ServiceError("invalid", "Ownership can go only to a member of the account.");
}
