import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

const OWNER_SLOT = "owner";

/**
 * Makes the account the server's owner unless one is recorded, and answers the owner's id. The
 * insert waits for a concurrent one to commit, so of two first accounts only one is the owner.
 */
export async function claimServerIfFirst(
  trx: Kysely<Database>,
  accountId: string,
  at: number,
): Promise<string> {
  await trx
    .insertInto("server_owner")
    .values({ slot: OWNER_SLOT, account_id: accountId, created_at: at })
    .onConflict((conflict) => conflict.column("slot").doNothing())
    .execute();
  const row = await trx
    .selectFrom("server_owner")
    .select("account_id")
    .where("slot", "=", OWNER_SLOT)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

/** The account that owns the server, or null before its first account. */
export async function serverOwnerAccount(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("server_owner")
    .select("account_id")
    .where("slot", "=", OWNER_SLOT)
    .executeTakeFirst();
  return row?.account_id ?? null;
}
