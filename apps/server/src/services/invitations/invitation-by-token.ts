import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { hashToken } from "../auth/auth-tokens.ts";
import { roleLabel } from "../members/role-label.ts";
import { ServiceError } from "../service-error.ts";

/** An invitation a link still opens. */
export interface OpenInvitation {
  id: string;
  accountId: string;
  accountName: string;
  accountPlan: string;
  email: string;
  emailKey: string;
  role: string;
  customRoleId: string | null;
  roleName: string;
  invitedBy: string | null;
  expiresAt: number;
}

/**
 * The invitation behind a link's token, refused with a sentence when the link is unknown,
 * used, revoked or expired. The token is looked up by its hash; nothing else is revealed.
 */
export async function invitationByToken(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<OpenInvitation> {
  const row = await db
    .selectFrom("invitations")
    .innerJoin("accounts", "accounts.id", "invitations.account_id")
    .leftJoin("custom_roles", "custom_roles.id", "invitations.custom_role_id")
    .leftJoin("users", "users.id", "invitations.invited_by")
    .select([
      "invitations.id",
      "invitations.account_id",
      "invitations.email",
      "invitations.email_key",
      "invitations.role",
      "invitations.custom_role_id",
      "invitations.expires_at",
      "invitations.accepted_at",
      "invitations.revoked_at",
      "accounts.name as account_name",
      "accounts.plan as account_plan",
      "custom_roles.name as custom_role_name",
      "users.email as inviter",
    ])
    .where("invitations.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) {
    throw new ServiceError(
      "not-found",
      "This invitation link is not valid; ask for a new invitation.",
    );
  }
  if (row.accepted_at !== null) {
    throw new ServiceError("conflict", "This invitation was already accepted; sign in instead.");
  }
  if (row.revoked_at !== null) {
    throw new ServiceError("conflict", "This invitation was withdrawn; ask for a new one.");
  }
  if (row.expires_at <= now) {
    throw new ServiceError("conflict", "This invitation has expired; ask for a new one.");
  }
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    accountPlan: row.account_plan,
    email: row.email,
    emailKey: row.email_key,
    role: row.role,
    customRoleId: row.custom_role_id,
    roleName: roleLabel(row.role, row.custom_role_name).roleName,
    invitedBy: row.inviter,
    expiresAt: row.expires_at,
  };
}
