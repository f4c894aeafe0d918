import type { AccountAccess } from "../accounts/account-access.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { findUserWithAccount } from "../auth/find-user-with-account.ts";
import { getSession, sessionOf } from "../auth/get-session.ts";
import { confinementOf, refuseOutsideConfinement } from "../auth/session-confinement.ts";
import type { SignedInView } from "../auth/signed-in.ts";
import { moveSession } from "../invitations/move-session.ts";
import { ServiceError } from "../service-error.ts";
import { accountsClosedToPasswords, ssoRequiredToOpen } from "../sso/password-sign-in-allowed.ts";
import { storeOrExplain } from "../storage-error.ts";
import { refuseWithoutTwoFactor } from "../two-factor/refuse-without-two-factor.ts";

/**
 * Moves the signed-in session to another account of the person, which also becomes the one
 * they sign in to next time. Accounts they do not belong to look the same as unknown ones. A
 * session begun through single sign-on stays in its provider's account (refused before anything
 * about other accounts is looked up); any other session does not open an account that requires
 * single sign-on of the person.
 */
export async function switchAccount(
  ctx: AuthContext,
  access: AccountAccess,
  accountId: string,
): Promise<SignedInView> {
  const who = sessionOf(access);
  await refuseOutsideConfinement(ctx.db, who.sessionId, accountId);
  const found = await findUserWithAccount(ctx.db, who.userId, accountId);
  if (!found) {
    throw new ServiceError("not-found", "You are not a member of an account with that id.");
  }
  if ((await accountsClosedToPasswords(ctx.db, who.userId)).includes(accountId)) {
    const confined = await confinementOf(ctx.db, who.sessionId);
    if (confined?.accountId !== accountId) {
      throw new ServiceError("forbidden", ssoRequiredToOpen(found.account.name));
    }
  }
  await refuseWithoutTwoFactor(ctx.db, who.userId, accountId);
  await storeOrExplain("the switch of account", () =>
    ctx.db.transaction().execute((trx) => moveSession(trx, who, accountId)),
  );
  return getSession(ctx, { ...who, accountId: accountId });
}
