import type { AccountAccess } from "../../accounts/account-access.ts";
import { lockAccount } from "../../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { ServiceContext } from "../../context.ts";
import { storeOrExplain } from "../../storage-error.ts";
import { requireMayGive } from "../giving-rules.ts";
import { type CustomRole, nameKeyOf, normalisePermissions } from "./custom-role-record.ts";
import { enforceCustomRolePlan, enforceFreeRoleName } from "./custom-role-rules.ts";

/**
 * Defines a custom role (Enterprise+); the name is unique in the account, built-in ones too. Its
 * permissions must all be the caller's own.
 */
export async function createCustomRole(
  ctx: ServiceContext,
  access: AccountAccess,
  input: { name: string; permissions: readonly string[] },
): Promise<CustomRole> {
  enforceCustomRolePlan(access.plan);
  const now = ctx.now();
  const role: CustomRole = {
    id: ctx.newId("role"),
    name: input.name.trim(),
    permissions: normalisePermissions(input.permissions),
    createdAt: now,
    updatedAt: now,
  };
  requireMayGive(access, { label: `the role ${role.name}`, permissions: role.permissions });
  await storeOrExplain("the role", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await enforceFreeRoleName(trx, access.accountId, role.name);
      await trx
        .insertInto("custom_roles")
        .values({
          id: role.id,
          account_id: access.accountId,
          name: role.name,
          name_key: nameKeyOf(role.name),
          permissions: JSON.stringify(role.permissions),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "custom_role.created",
        target: { type: "custom_role", id: role.id, label: role.name },
        changes: {
          name: { before: null, after: role.name },
          permissions: { before: null, after: role.permissions },
        },
      });
    }),
  );
  return role;
}
