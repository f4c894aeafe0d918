import { SECURE_VARIABLES_PER_ACCOUNT } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { placeOf } from "../../secrets/secret-box.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, MASKED, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type SecureVariableSummary, summaryOf } from "./secure-variable-record.ts";
import { enforceSecureVariablePlan } from "./secure-variable-rules.ts";
import { findSecureVariableUsers } from "./secure-variable-users.ts";

/**
 * Stores a new secure variable with its value sealed; `name` and `value` were validated. The
 * name and count are checked under the account's lock, so simultaneous requests cannot pass
 * them. A monitor may already refer to the name (saved before the variable was deleted), so the
 * answer lists its users like any other.
 */
export async function createSecureVariable(
  ctx: ServiceContext,
  access: AccountAccess,
  input: { name: string; value: string },
): Promise<SecureVariableSummary> {
  enforceSecureVariablePlan(access.plan);
  const id = ctx.newId("sv");
  const now = ctx.now();
  const row = { name: input.name, created_at: now, updated_at: now };
  await storeOrExplain("the secure variable", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      await enforceRoomFor(trx, access.accountId, input.name);
      await trx
        .insertInto("secure_variables")
        .values({
          id,
          account_id: access.accountId,
          ...row,
          value: ctx.secrets.seal(input.value, placeOf("secure_variables", "value", id)),
        })
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "secure_variable.created",
        target: { type: "secure_variable", id, label: input.name },
        changes: { value: { before: null, after: MASKED } },
      });
    }),
  );
  const users = await findSecureVariableUsers(ctx, access.accountId);
  return summaryOf(row, users.get(input.name) ?? []);
}

async function enforceRoomFor(
  trx: Kysely<Database>,
  accountId: string,
  name: string,
): Promise<void> {
  const names = await trx
    .selectFrom("secure_variables")
    .select("name")
    .where("account_id", "=", accountId)
    .execute();
  if (names.some((row) => row.name === name)) {
    throw new ServiceError(
      "conflict",
      `There is already a secure variable named ${name}; replace its value instead.`,
    );
  }
  if (names.length >= SECURE_VARIABLES_PER_ACCOUNT) {
    throw new ServiceError(
      "plan-limit",
      `An account can keep at most ${SECURE_VARIABLES_PER_ACCOUNT} secure variables; delete one you no longer use first.`,
    );
  }
}
