import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { placeOf } from "../../secrets/secret-box.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, MASKED, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import {
  findSecureVariable,
  type SecureVariableSummary,
  summaryOf,
} from "./secure-variable-record.ts";
import { enforceSecureVariablePlan } from "./secure-variable-rules.ts";
import { findSecureVariableUsers } from "./secure-variable-users.ts";

/**
 * Replaces a secure variable's value; each monitor using it is announced as changed, so the
 * scheduler (here or in another process) runs it with the new value from its next check.
 */
export async function replaceSecureVariable(
  ctx: ServiceContext,
  access: AccountAccess,
  name: string,
  value: string,
  changes: MonitorChanges,
): Promise<SecureVariableSummary> {
  enforceSecureVariablePlan(access.plan);
  const row = await findSecureVariable(ctx, access.accountId, name);
  const updatedAt = ctx.now();
  await storeOrExplain("the secure variable", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("secure_variables")
        .set({
          value: ctx.secrets.seal(value, placeOf("secure_variables", "value", row.id)),
          updated_at: updatedAt,
        })
        .where("id", "=", row.id)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "secure_variable.replaced",
        target: { type: "secure_variable", id: row.id, label: name },
        changes: { value: { before: MASKED, after: MASKED } },
      });
    }),
  );
  const users = (await findSecureVariableUsers(ctx, access.accountId)).get(name) ?? [];
  for (const monitor of users) changes.saved(monitor);
  return summaryOf({ ...row, updated_at: updatedAt }, users);
}
