import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AuthContext } from "./auth-context.ts";
import { csrfTokenFor } from "./auth-tokens.ts";
import { createSession } from "./create-session.ts";
import { findUserWithAccount } from "./find-user-with-account.ts";
import type { SignedIn } from "./signed-in.ts";

/** Starts a session for a user (inside the caller's transaction when given one) and describes it. */
export async function signInUser(
  ctx: AuthContext,
  db: Kysely<Database>,
  userId: string,
): Promise<SignedIn> {
  const found = await findUserWithAccount(db, userId);
  if (!found) throw new Error(`User ${userId} has no account to sign in to.`);
  const session = await createSession(db, ctx, { id: userId, accountId: found.account.id });
  return { ...found, csrfToken: csrfTokenFor(ctx.csrfSecret, session.id), session };
}
