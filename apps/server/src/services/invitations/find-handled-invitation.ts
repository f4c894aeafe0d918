import { permissionsOf } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { customRoleOf } from "../team/custom-roles/custom-role-record.ts";
import { requireMayHandleInvitation } from "../team/giving-rules.ts";
import { findPendingInvitation, type InvitationSummary } from "./list-invitations.ts";

/**
 * A pending invitation that `access` may resend or revoke: one whose role they could have given
 * themselves. Refused with a sentence otherwise; not found when it is not pending.
 */
export async function findHandledInvitation(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
): Promise<InvitationSummary> {
  const invitation = await findPendingInvitation(ctx, access.accountId, id);
  if (!invitation) {
    throw new ServiceError("not-found", "There is no pending invitation with that id.");
  }
  requireMayHandleInvitation(access, {
    email: invitation.email,
    permissions: await permissionsOfInvitation(ctx, access.accountId, invitation),
    admin: invitation.role === "admin",
  });
  return invitation;
}

async function permissionsOfInvitation(
  ctx: ServiceContext,
  accountId: string,
  invitation: InvitationSummary,
) {
  if (invitation.role !== "custom" || !invitation.customRoleId) {
    return permissionsOf(invitation.role === "custom" ? "viewer" : invitation.role);
  }
  const row = await ctx.db
    .selectFrom("custom_roles")
    .selectAll()
    .where("id", "=", invitation.customRoleId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return row ? customRoleOf(row).permissions : permissionsOf("viewer");
}
