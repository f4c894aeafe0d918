import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** The names of the accounts a person belongs to that require two-factor sign-in. */
export async function accountsRequiringTwoFactor(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .select("accounts.name")
    .where("memberships.user_id", "=", userId)
    .where("accounts.require_two_factor", "=", 1)
    .orderBy("accounts.name")
    .execute();
  return rows.map((row) => row.name);
}
