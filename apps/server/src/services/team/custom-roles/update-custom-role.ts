import type { AccountAccess } from "../../accounts/account-access.ts";
import { lockAccount } from "../../accounts/lock-account.ts";
import { type AuditChanges, actorOf, recordAuditEvent } from "../../audit/record-audit-event.ts";
import type { ServiceContext } from "../../context.ts";
import { ServiceError } from "../../service-error.ts";
import { storeOrExplain } from "../../storage-error.ts";
import { requireMayGive } from "../giving-rules.ts";
import { type CustomRole, nameKeyOf, normalisePermissions } from "./custom-role-record.ts";
import { enforceCustomRolePlan, enforceFreeRoleName } from "./custom-role-rules.ts";
import { findCustomRole } from "./find-custom-role.ts";

/**
 * Renames a custom role or changes its permissions (Enterprise+). Members holding it get the new
 * permissions with their next request: sessions read them from the role each time.
 */
export async function updateCustomRole(
  ctx: ServiceContext,
  access: AccountAccess,
  id: string,
  input: { name?: string | undefined; permissions?: readonly string[] | undefined },
): Promise<CustomRole> {
  enforceCustomRolePlan(access.plan);
  if (access.customRoleId === id) {
    throw new ServiceError(
      "forbidden",
      "You cannot change the role you hold yourself; ask someone with another role.",
    );
  }
  return storeOrExplain("the role", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      const before = await findCustomRole(trx, access.accountId, id);
      const after: CustomRole = {
        ...before,
        name: input.name?.trim() ?? before.name,
        permissions: input.permissions
          ? normalisePermissions(input.permissions)
          : before.permissions,
        updatedAt: ctx.now(),
      };
      const label = `the role ${before.name}`;
      requireMayGive(access, { label, permissions: before.permissions });
      requireMayGive(access, { label, permissions: after.permissions });
      if (after.name !== before.name) {
        await enforceFreeRoleName(trx, access.accountId, after.name, id);
      }
      await trx
        .updateTable("custom_roles")
        .set({
          name: after.name,
          name_key: nameKeyOf(after.name),
          permissions: JSON.stringify(after.permissions),
          updated_at: after.updatedAt,
        })
        .where("id", "=", id)
        .execute();
      const changes: AuditChanges = {};
      if (after.name !== before.name) changes.name = { before: before.name, after: after.name };
      if (after.permissions.join() !== before.permissions.join()) {
        changes.permissions = { before: before.permissions, after: after.permissions };
      }
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "custom_role.updated",
        target: { type: "custom_role", id, label: after.name },
        changes,
      });
      return after;
    }),
  );
}
