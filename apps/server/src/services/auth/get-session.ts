import type { AccountAccess } from "../accounts/account-access.ts";
import { findMembership } from "../team/find-membership.ts";
import type { AuthContext } from "./auth-context.ts";
import { NotSignedInError } from "./auth-errors.ts";
import { csrfTokenFor } from "./auth-tokens.ts";
import { findUserWithAccount } from "./find-user-with-account.ts";
import { confinementOf } from "./session-confinement.ts";
import type { SignedInView } from "./signed-in.ts";

/**
 * Who is signed in with this session: the user, the account, their role in it and the
 * session's CSRF token. A session confined to its single sign-on's account lists that account
 * alone.
 */
export async function getSession(
  ctx: AuthContext,
  who: { userId: string; accountId: string; sessionId: string },
): Promise<SignedInView> {
  const found = await findUserWithAccount(ctx.db, who.userId, who.accountId);
  if (!found) throw new NotSignedInError();
  const membership = await findMembership(ctx.db, who);
  if (!membership) throw new NotSignedInError();
  const confined = await confinementOf(ctx.db, who.sessionId);
  const accounts = confined
    ? found.accounts.filter((account) => account.id === confined.accountId)
    : found.accounts;
  return {
    ...found,
    accounts,
    membership,
    csrfToken: csrfTokenFor(ctx.csrfSecret, who.sessionId),
  };
}

/** The session part of a request's access; NotSignedInError when it was not made signed in. */
export function sessionOf(access: AccountAccess): {
  userId: string;
  accountId: string;
  sessionId: string;
} {
  if (!access.userId || !access.sessionId) throw new NotSignedInError();
  return { userId: access.userId, accountId: access.accountId, sessionId: access.sessionId };
}
