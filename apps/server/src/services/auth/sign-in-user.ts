import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isPlanId } from "../accounts/create-account.ts";
import type { AuthContext } from "./auth-context.ts";
import { csrfTokenFor } from "./auth-tokens.ts";
import { createSession } from "./create-session.ts";
import type { SignedIn } from "./signed-in.ts";

/** Starts a session for a user (inside the caller's transaction when given one) and describes it. */
export async function signInUser(
  ctx: AuthContext,
  db: Kysely<Database>,
  userId: string,
): Promise<SignedIn> {
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
    .executeTakeFirstOrThrow();
  const plan = isPlanId(row.plan) ? row.plan : "free";
  const session = await createSession(db, ctx, { id: row.id, accountId: row.account_id });
  return {
    user: { id: row.id, email: row.email },
    account: { id: row.account_id, name: row.name, plan },
    csrfToken: csrfTokenFor(ctx.csrfSecret, session.id),
    session,
  };
}
