import type { AccountAccess } from "../accounts/account-access.ts";
import { isPlanId } from "../accounts/create-account.ts";
import type { AuthContext } from "./auth-context.ts";
import { NotSignedInError } from "./auth-errors.ts";
import { csrfTokenFor } from "./auth-tokens.ts";
import type { SignedInView } from "./signed-in.ts";

/** Who is signed in with this session: the user, the account and the session's CSRF token. */
export async function getSession(
  ctx: AuthContext,
  who: { userId: string; accountId: string; sessionId: string },
): Promise<SignedInView> {
  const row = await ctx.db
    .selectFrom("users")
    .innerJoin("accounts", "accounts.id", "users.account_id")
    .select([
      "users.id",
      "users.email",
      "accounts.id as account_id",
      "accounts.name",
      "accounts.plan",
    ])
    .where("users.id", "=", who.userId)
    .where("accounts.id", "=", who.accountId)
    .executeTakeFirst();
  if (!row || !isPlanId(row.plan)) throw new NotSignedInError();
  return {
    user: { id: row.id, email: row.email },
    account: { id: row.account_id, name: row.name, plan: row.plan },
    csrfToken: csrfTokenFor(ctx.csrfSecret, who.sessionId),
  };
}

/** The session part of a request's access, or a 401 when the request was not made signed in. */
export function sessionOf(access: AccountAccess): {
  userId: string;
  accountId: string;
  sessionId: string;
} {
  if (!access.userId || !access.sessionId) throw new NotSignedInError();
  return { userId: access.userId, accountId: access.accountId, sessionId: access.sessionId };
}
