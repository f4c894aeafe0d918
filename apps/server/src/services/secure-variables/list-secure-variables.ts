import type { ServiceContext } from "../context.ts";
import { type SecureVariableSummary, summaryOf } from "./secure-variable-record.ts";
import { findSecureVariableUsers } from "./secure-variable-users.ts";

/** The account's secure variables by name, with the monitors using each; values are not read. */
export async function listSecureVariables(
  ctx: ServiceContext,
  accountId: string,
): Promise<SecureVariableSummary[]> {
  const rows = await ctx.db
    .selectFrom("secure_variables")
    .select(["name", "created_at", "updated_at"])
    .where("account_id", "=", accountId)
    .orderBy("name")
    .execute();
  const users = await findSecureVariableUsers(ctx, accountId);
  return rows.map((row) => summaryOf(row, users.get(row.name) ?? []));
}
