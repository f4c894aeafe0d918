import { PERMISSIONS, type Permission, ROLE_NAMES, type Role } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import {
  customRolesApply,
  memberPermissions,
  VIEW_ONLY_ON_THIS_PLAN,
} from "./member-permissions.ts";

/** A person's place in an account as the app shows it: the role, its name and what it allows. */
export interface MembershipView {
  role: Role;
  /** "Owner", "Viewer", or a custom role's own name. */
  roleName: string;
  /** In the order of `PERMISSIONS`, so answers are stable. */
  permissions: Permission[];
}

/**
 * The person's membership of the account, or undefined when they are not a member (or their
 * role is one this server does not know, which allows nothing).
 */
export async function findMembership(
  db: Kysely<Database>,
  who: { accountId: string; userId: string },
): Promise<MembershipView | undefined> {
  const row = await db
    .selectFrom("memberships")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .leftJoin("custom_roles", "custom_roles.id", "memberships.custom_role_id")
    .select([
      "memberships.role",
      "accounts.plan",
      "custom_roles.name as custom_name",
      "custom_roles.permissions as custom_permissions",
    ])
    .where("memberships.account_id", "=", who.accountId)
    .where("memberships.user_id", "=", who.userId)
    .executeTakeFirst();
  if (!row || !isPlanId(row.plan)) return undefined;
  const { role, permissions } = memberPermissions(
    { role: row.role, customPermissions: row.custom_permissions },
    row.plan,
  );
  if (!role) return undefined;
  const suffix = customRolesApply(row.plan) ? "" : VIEW_ONLY_ON_THIS_PLAN;
  const roleName = role === "custom" ? `${row.custom_name ?? "Custom"}${suffix}` : ROLE_NAMES[role];
  return {
    role,
    roleName,
    permissions: PERMISSIONS.filter((permission) => permissions.has(permission)),
  };
}
