import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { requireMayManageMember } from "../team/giving-rules.ts";
import { type AssignedRole, assignableRole } from "./assignable-role.ts";
import { findMember, type MemberSummary } from "./list-members.ts";

/**
 * Gives a member another role. Nobody becomes or stops being the owner this way (that is a
 * transfer of ownership), and nobody changes their own role.
 */
export async function changeMemberRole(
  ctx: ServiceContext,
  access: AccountAccess,
  userId: string,
  wanted: AssignedRole,
): Promise<MemberSummary> {
  const member = await findMember(ctx, access.accountId, userId);
  if (!member) throw new ServiceError("not-found", "There is no member with that id.");
  if (member.role === "owner") throw notChangeable();
  if (userId === access.userId) {
    throw new ServiceError("forbidden", "You cannot change your own role; ask another admin.");
  }
  requireMayManageMember(access, member);
  const next = await assignableRole(ctx.db, access, wanted);
  await storeOrExplain("the member's role", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      // The owner may have changed since the checks above: never demote whoever owns it now.
      const changed = await trx
        .updateTable("memberships")
        .set({ role: next.role, custom_role_id: next.customRoleId })
        .where("account_id", "=", access.accountId)
        .where("user_id", "=", userId)
        .where("role", "<>", "owner")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw notChangeable();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "member.role_changed",
        target: { type: "member", id: userId, label: member.email },
        changes: {
          role: { before: member.roleName, after: next.customRoleName ?? next.role },
        },
      });
    }),
  );
  const changed = await findMember(ctx, access.accountId, userId);
  if (!changed) throw new ServiceError("not-found", "There is no member with that id.");
  return changed;
}

function notChangeable(): ServiceError {
  return new ServiceError(
    "forbidden",
    "The owner's role cannot be changed; the owner can transfer ownership to another member.",
  );
}
