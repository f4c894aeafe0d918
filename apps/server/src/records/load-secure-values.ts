import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { placeOf, type SecretBox } from "../secrets/secret-box.ts";

/**
 * The opened values of the account's secure variables named in `names`; names the account has
 * no variable for are left out, so a caller can tell which are missing.
 */
export async function loadSecureValues(
  db: Kysely<Database>,
  secrets: SecretBox,
  accountId: string,
  names: readonly string[],
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  if (names.length === 0) return values;
  const rows = await db
    .selectFrom("secure_variables")
    .select(["id", "name", "value"])
    .where("account_id", "=", accountId)
    .where("name", "in", [...new Set(names)])
    .execute();
  for (const row of rows) {
    values[row.name] = secrets.open(row.value, placeOf("secure_variables", "value", row.id));
  }
  return values;
}

/** The names of the account's secure variables (no values are read). */
export async function existingSecureVariableNames(
  db: Kysely<Database>,
  accountId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("secure_variables")
    .select("name")
    .where("account_id", "=", accountId)
    .execute();
  return new Set(rows.map((row) => row.name));
}
