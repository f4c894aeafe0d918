import type { Permission, Role } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { memberPermissions } from "../team/member-permissions.ts";
import { roleLabel } from "./role-label.ts";

/** A member of an account as the members list shows them. */
export interface MemberSummary {
  userId: string;
  email: string;
  role: Role;
  customRoleId: string | null;
  roleName: string;
  joinedAt: number;
  twoFactor: boolean;
  /** What the role allows in the account on its current plan. */
  permissions: Set<Permission>;
}

/** The account's members, oldest first, with their roles and whether they use two-factor. */
export async function listMembers(
  ctx: ServiceContext,
  accountId: string,
): Promise<MemberSummary[]> {
  const rows = await ctx.db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .leftJoin("custom_roles", "custom_roles.id", "memberships.custom_role_id")
    .leftJoin("two_factor", "two_factor.user_id", "memberships.user_id")
    .select([
      "users.id",
      "users.email",
      "memberships.role",
      "memberships.custom_role_id",
      "memberships.created_at",
      "custom_roles.name as custom_role_name",
      "custom_roles.permissions as custom_permissions",
      "accounts.plan",
      "two_factor.enabled_at",
    ])
    .where("memberships.account_id", "=", accountId)
    .orderBy("memberships.created_at")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => {
    const plan = isPlanId(row.plan) ? row.plan : undefined;
    const { role, roleName } = roleLabel(row.role, row.custom_role_name, plan);
    const stored = { role: row.role, customPermissions: row.custom_permissions };
    return {
      userId: row.id,
      email: row.email,
      role,
      customRoleId: row.custom_role_id,
      roleName,
      joinedAt: row.created_at,
      twoFactor: row.enabled_at !== null,
      permissions: plan ? memberPermissions(stored, plan).permissions : new Set<Permission>(),
    };
  });
}

/** One member of the account, or undefined when the person is not one. */
export async function findMember(
  ctx: ServiceContext,
  accountId: string,
  userId: string,
): Promise<MemberSummary | undefined> {
  return (await listMembers(ctx, accountId)).find((member) => member.userId === userId);
}
