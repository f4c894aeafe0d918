import type { AccountAccess } from "../accounts/account-access.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { findUserWithAccount } from "../auth/find-user-with-account.ts";
import { getSession, sessionOf } from "../auth/get-session.ts";
import type { SignedInView } from "../auth/signed-in.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { refuseWithoutTwoFactor } from "../two-factor/refuse-without-two-factor.ts";
import { invitationByToken } from "./invitation-by-token.ts";
import { joinByInvitation } from "./join-by-invitation.ts";
import { moveSession } from "./move-session.ts";

/** The refusal of an invitation accepted by someone signed in with another address. */
export const INVITATION_FOR_ANOTHER_ADDRESS =
  "This invitation was sent to another address; sign in as that address to accept it.";

/**
 * The signed-in person accepts an invitation sent to their address: they become a member and
 * the session moves to the account, which also becomes their default.
 */
export async function acceptInvitation(
  ctx: AuthContext,
  access: AccountAccess,
  token: string,
): Promise<SignedInView> {
  const who = sessionOf(access);
  const invitation = await invitationByToken(ctx.db, token, ctx.now());
  const person = await ctx.db
    .selectFrom("users")
    .select(["id", "email", "email_key"])
    .where("id", "=", who.userId)
    .executeTakeFirstOrThrow();
  if (person.email_key !== invitation.emailKey) {
    throw new ServiceError("forbidden", INVITATION_FOR_ANOTHER_ADDRESS);
  }
  // Refused before joining: the person turns two-factor on and comes back to the same link.
  await refuseWithoutTwoFactor(ctx.db, person.id, invitation.accountId);
  await storeOrExplain("joining the account", () =>
    ctx.db.transaction().execute(async (trx) => {
      await joinByInvitation(trx, ctx, invitation, {
        id: person.id,
        email: person.email,
        clientAddress: access.clientAddress,
        userAgent: access.userAgent,
      });
      await moveSession(trx, who, invitation.accountId);
    }),
  );
  const found = await findUserWithAccount(ctx.db, who.userId, invitation.accountId);
  if (!found) throw new ServiceError("not-found", "You are not a member of this account.");
  return getSession(ctx, { ...who, accountId: invitation.accountId });
}
