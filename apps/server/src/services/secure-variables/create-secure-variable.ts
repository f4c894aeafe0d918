import { SECURE_VARIABLES_PER_ACCOUNT } from "@upwatch/api";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { placeOf } from "../secrets/reseal-stored-secrets.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { type SecureVariableSummary, summaryOf } from "./secure-variable-record.ts";
import { enforceSecureVariablePlan } from "./secure-variable-rules.ts";
import { findSecureVariableUsers } from "./secure-variable-users.ts";

/**
 * Stores a new secure variable with its value sealed; `name` and `value` were validated. A
 * monitor may already refer to the name (saved before the variable was deleted), so it is listed.
 */
export async function createSecureVariable(
  ctx: ServiceContext,
  access: AccountAccess,
  input: { name: string; value: string },
): Promise<SecureVariableSummary> {
  enforceSecureVariablePlan(access.plan);
  const existing = await ctx.db
    .selectFrom("secure_variables")
    .select("name")
    .where("account_id", "=", access.accountId)
    .execute();
  if (existing.some((row) => row.name === input.name)) throw alreadyExists(input.name);
  if (existing.length >= SECURE_VARIABLES_PER_ACCOUNT) {
    throw new ServiceError(
      "plan-limit",
      `An account can keep at most ${SECURE_VARIABLES_PER_ACCOUNT} secure variables; delete one you no longer use first.`,
    );
  }
  const id = ctx.newId("sv");
  const now = ctx.now();
  const row = { name: input.name, created_at: now, updated_at: now };
  try {
    await storeOrExplain("the secure variable", () =>
      ctx.db
        .insertInto("secure_variables")
        .values({
          id,
          account_id: access.accountId,
          ...row,
          value: ctx.secrets.seal(input.value, placeOf("secure_variables", "value", id)),
        })
        .execute(),
    );
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    // Two requests with the same name at once: the unique index keeps one.
    if (await nameTaken(ctx, access.accountId, input.name)) throw alreadyExists(input.name);
    throw error;
  }
  const users = await findSecureVariableUsers(ctx, access.accountId);
  return summaryOf(row, users.get(input.name) ?? []);
}

function alreadyExists(name: string): ServiceError {
  return new ServiceError(
    "conflict",
    `There is already a secure variable named ${name}; replace its value instead.`,
  );
}

async function nameTaken(ctx: ServiceContext, accountId: string, name: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("secure_variables")
    .select("id")
    .where("account_id", "=", accountId)
    .where("name", "=", name)
    .executeTakeFirst();
  return row !== undefined;
}
