import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { placeOf } from "../secrets/reseal-stored-secrets.ts";
import type { SecretBox } from "../secrets/secret-box.ts";

/** The plain values of the account's secure variables with these names (missing ones left out). */
export async function loadSecureValues(
  db: Kysely<Database>,
  secrets: SecretBox,
  accountId: string,
  names: readonly string[],
): Promise<Record<string, string>> {
  if (names.length === 0) return {};
  const rows = await db
    .selectFrom("secure_variables")
    .select(["id", "name", "value"])
    .where("account_id", "=", accountId)
    .where("name", "in", [...names])
    .execute();
  const values: Record<string, string> = {};
  for (const row of rows) {
    values[row.name] = secrets.open(row.value, placeOf("secure_variables", "value", row.id));
  }
  return values;
}

/** The names of the account's secure variables. */
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
