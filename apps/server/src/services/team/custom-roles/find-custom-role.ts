import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { NotFoundError } from "../../service-error.ts";
import { type CustomRole, customRoleOf } from "./custom-role-record.ts";

/** The account's custom role with that id, or a not-found refusal. */
export async function findCustomRole(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<CustomRole> {
  const row = await db
    .selectFrom("custom_roles")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("custom role");
  return customRoleOf(row);
}
