import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import type { SignedInView } from "./signed-in.ts";

/** A user and their account as the session answers show them; undefined when either is gone. */
export async function findUserWithAccount(
  db: Kysely<Database>,
  userId: string,
): Promise<Omit<SignedInView, "csrfToken"> | undefined> {
  const row = await db
    .selectFrom("users")
    .innerJoin("accounts", "accounts.id", "users.account_id")
    .select([
      "users.id",
      "users.email",
      "accounts.id as account_id",
      "accounts.name",
      "accounts.plan",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row || !isPlanId(row.plan)) return undefined;
  return {
    user: { id: row.id, email: row.email },
    account: { id: row.account_id, name: row.name, plan: row.plan },
  };
}
