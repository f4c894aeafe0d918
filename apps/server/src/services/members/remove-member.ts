import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { requireMayManageMember } from "../team/giving-rules.ts";
import { type EndedCredentials, endMembership } from "./end-membership.ts";
import { findMember } from "./list-members.ts";

const OWNER_STAYS = "The owner cannot be removed from the account.";

/**
 * Removes a member other than the owner, ends their sessions in the account and revokes the
 * API keys they made there. Returns what was ended so its live streams can be closed.
 */
export async function removeMember(
  ctx: ServiceContext,
  access: AccountAccess,
  userId: string,
): Promise<EndedCredentials> {
  const member = await findMember(ctx, access.accountId, userId);
  if (!member) throw new ServiceError("not-found", "There is no member with that id.");
  if (member.role === "owner") throw new ServiceError("forbidden", OWNER_STAYS);
  if (userId === access.userId) {
    throw new ServiceError("forbidden", "To remove yourself, leave the account instead.");
  }
  requireMayManageMember(access, member);
  return storeOrExplain("the member's removal", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      // Ownership may have moved to this member since the checks above.
      const still = await trx
        .selectFrom("memberships")
        .select("role")
        .where("account_id", "=", access.accountId)
        .where("user_id", "=", userId)
        .where("role", "<>", "owner")
        .executeTakeFirst();
      if (!still) throw new ServiceError("forbidden", OWNER_STAYS);
      const ended = await endMembership(trx, ctx, access.accountId, userId, actorOf(access));
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "member.removed",
        target: { type: "member", id: userId, label: member.email },
        changes: { role: { before: member.roleName, after: null } },
      });
      return ended;
    }),
  );
}
