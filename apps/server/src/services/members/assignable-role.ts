import { getPlan, permissionsOf, ROLE_NAMES } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { ServiceError } from "../service-error.ts";
import { customRoleOf } from "../team/custom-roles/custom-role-record.ts";
import { requireMayGive } from "../team/giving-rules.ts";

/** A role as it can be given to a member or an invitation. */
export interface AssignedRole {
  role: "admin" | "member" | "viewer" | "custom";
  customRoleId?: string | null | undefined;
}

/**
 * The stored form of a role being given in an account by `access`: a custom role must be one of
 * the account's and needs a plan with custom roles; built-in roles carry no custom role. Nobody
 * gives a role allowing what they may not do themselves, nor the Admin role unless they are the
 * owner or an admin.
 */
export async function assignableRole(
  db: Kysely<Database>,
  access: AccountAccess,
  wanted: AssignedRole,
): Promise<{ role: string; customRoleId: string | null; customRoleName: string | null }> {
  const account = { id: access.accountId, plan: access.plan };
  if (wanted.role !== "custom") {
    if (wanted.customRoleId) {
      throw new ServiceError("invalid", "Give a custom role only with the role custom.");
    }
    requireMayGive(access, {
      label: `the ${ROLE_NAMES[wanted.role]} role`,
      permissions: permissionsOf(wanted.role),
      admin: wanted.role === "admin",
    });
    return { role: wanted.role, customRoleId: null, customRoleName: null };
  }
  if (!getPlan(account.plan).limits.customRoles) {
    throw new ServiceError(
      "plan-limit",
      "Custom roles are part of the Enterprise+ plan; choose Admin, Member or Viewer.",
    );
  }
  if (!wanted.customRoleId) {
    throw new ServiceError("invalid", "Choose which custom role to give.");
  }
  const custom = await db
    .selectFrom("custom_roles")
    .selectAll()
    .where("id", "=", wanted.customRoleId)
    .where("account_id", "=", account.id)
    .executeTakeFirst();
  if (!custom) throw new ServiceError("invalid", "There is no custom role with that id.");
  requireMayGive(access, {
    label: `the role ${custom.name}`,
    permissions: customRoleOf(custom).permissions,
  });
  return { role: "custom", customRoleId: custom.id, customRoleName: custom.name };
}
