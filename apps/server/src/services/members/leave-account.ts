import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import { sessionOf } from "../auth/get-session.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type EndedCredentials, endMembership } from "./end-membership.ts";
import { findMember } from "./list-members.ts";

const OWNER_STAYS =
  "The owner cannot leave the account; transfer ownership to another member first.";

/**
 * The signed-in person leaves the account; the owner cannot (they transfer ownership or
 * delete the account). The API keys they made there are revoked. Returns what was ended.
 */
export async function leaveAccount(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<EndedCredentials> {
  const { userId, accountId } = sessionOf(access);
  const member = await findMember(ctx, accountId, userId);
  if (!member) throw new ServiceError("not-found", "You are not a member of this account.");
  if (member.role === "owner") throw new ServiceError("forbidden", OWNER_STAYS);
  return storeOrExplain("leaving the account", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, accountId);
      // Ownership may have come to this person since the check above.
      const still = await trx
        .selectFrom("memberships")
        .select("role")
        .where("account_id", "=", accountId)
        .where("user_id", "=", userId)
        .where("role", "<>", "owner")
        .executeTakeFirst();
      if (!still) throw new ServiceError("forbidden", OWNER_STAYS);
      await recordAuditEvent(trx, ctx, accountId, actorOf(access), {
        action: "member.left",
        target: { type: "member", id: userId, label: member.email },
      });
      return endMembership(trx, ctx, accountId, userId, actorOf(access));
    }),
  );
}
