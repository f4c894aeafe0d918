import {
  type BuiltInRole,
  type Permission,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  ROLES,
} from "@upwatch/core";
import type { ServiceContext } from "../../context.ts";
import { type CustomRole, customRoleOf } from "./custom-role-record.ts";

/** A role a member can have: built-in (by name) or one of the account's custom roles. */
export type RoleSummary =
  | { kind: "built_in"; role: BuiltInRole; name: string; permissions: readonly Permission[] }
  | ({ kind: "custom" } & CustomRole);

/** The built-in roles, most powerful first, then the account's custom roles by name. */
export async function listRoles(ctx: ServiceContext, accountId: string): Promise<RoleSummary[]> {
  const rows = await ctx.db
    .selectFrom("custom_roles")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("name_key")
    .execute();
  return [
    ...ROLES.map((role) => ({
      kind: "built_in" as const,
      role,
      name: ROLE_NAMES[role],
      permissions: ROLE_PERMISSIONS[role],
    })),
    ...rows.map((row) => ({ kind: "custom" as const, ...customRoleOf(row) })),
  ];
}
