import type { Database } from "@upwatch/db";
import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Holds the account's row until the transaction ends, so checks of its limits and the writes
 * they allow happen one request at a time. SQLite runs one write transaction at a time anyway.
 */
export async function lockAccount(trx: Kysely<Database>, accountId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom("accounts").select("id").where("id", "=", accountId).forUpdate().execute();
}
