import type { Role } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { roleLabel } from "../members/role-label.ts";

/** A pending invitation as the members screen shows it. */
export interface InvitationSummary {
  id: string;
  email: string;
  role: Role;
  customRoleId: string | null;
  roleName: string;
  invitedBy: string | null;
  createdAt: number;
  sentAt: number;
  expiresAt: number;
}

/** The account's pending invitations (neither accepted, revoked nor expired), newest first. */
export async function listInvitations(
  ctx: ServiceContext,
  accountId: string,
  id?: string,
): Promise<InvitationSummary[]> {
  let query = ctx.db
    .selectFrom("invitations")
    .leftJoin("custom_roles", "custom_roles.id", "invitations.custom_role_id")
    .leftJoin("users", "users.id", "invitations.invited_by")
    .select([
      "invitations.id",
      "invitations.email",
      "invitations.role",
      "invitations.custom_role_id",
      "invitations.created_at",
      "invitations.sent_at",
      "invitations.expires_at",
      "custom_roles.name as custom_role_name",
      "users.email as inviter",
    ])
    .where("invitations.account_id", "=", accountId)
    .where("invitations.accepted_at", "is", null)
    .where("invitations.revoked_at", "is", null)
    .where("invitations.expires_at", ">", ctx.now());
  if (id) query = query.where("invitations.id", "=", id);
  const rows = await query
    .orderBy("invitations.created_at", "desc")
    .orderBy("invitations.id", "desc")
    .execute();
  return rows.map((row) => {
    const { role, roleName } = roleLabel(row.role, row.custom_role_name);
    return {
      id: row.id,
      email: row.email,
      role,
      customRoleId: row.custom_role_id,
      roleName,
      invitedBy: row.inviter,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      expiresAt: row.expires_at,
    };
  });
}

/** One pending invitation of the account, or undefined. */
export async function findPendingInvitation(
  ctx: ServiceContext,
  accountId: string,
  id: string,
): Promise<InvitationSummary | undefined> {
  return (await listInvitations(ctx, accountId, id))[0];
}
