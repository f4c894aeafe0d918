import type { SecureVariableTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import type { ServiceContext } from "../context.ts";
import { noSecureVariableNamed } from "./secure-variable-rules.ts";
import type { SecureVariableUser } from "./secure-variable-users.ts";

/** A secure variable as the API shows it: its name and who uses it, never its value. */
export interface SecureVariableSummary {
  name: string;
  createdAt: number;
  updatedAt: number;
  usedBy: SecureVariableUser[];
}

/** The row of the account's secure variable with this name; another account's is not found. */
export async function findSecureVariable(
  ctx: ServiceContext,
  accountId: string,
  name: string,
): Promise<Selectable<SecureVariableTable>> {
  const row = await ctx.db
    .selectFrom("secure_variables")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (!row) throw noSecureVariableNamed(name);
  return row;
}

/** The summary of a row, without its value. */
export function summaryOf(
  row: Pick<Selectable<SecureVariableTable>, "name" | "created_at" | "updated_at">,
  usedBy: readonly { id: string; name: string }[],
): SecureVariableSummary {
  return {
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    usedBy: usedBy.map(({ id, name }) => ({ id, name })),
  };
}
