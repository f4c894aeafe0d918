import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { findSecureVariable } from "./secure-variable-record.ts";
import { findSecureVariableUsers } from "./secure-variable-users.ts";

/**
 * Deletes a secure variable no monitor refers to; while one does, the refusal names them so
 * they can be changed first (a run would otherwise fail for a value that no longer exists).
 * Works on every plan, so an account that moved down can still clean up.
 */
export async function deleteSecureVariable(
  ctx: ServiceContext,
  access: AccountAccess,
  name: string,
): Promise<void> {
  const row = await findSecureVariable(ctx, access.accountId, name);
  // Under the account's lock, as monitors are saved, so none can start using it meanwhile.
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, access.accountId);
    const users =
      (await findSecureVariableUsers({ ...ctx, db: trx }, access.accountId)).get(name) ?? [];
    if (users.length > 0) {
      const monitors = users.map((monitor) => monitor.name).join(", ");
      throw new ServiceError(
        "conflict",
        `${name} is used by ${monitors}; remove it from these monitors first.`,
      );
    }
    await trx.deleteFrom("secure_variables").where("id", "=", row.id).execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "secure_variable.deleted",
      target: { type: "secure_variable", id: row.id, label: name },
    });
  });
}
