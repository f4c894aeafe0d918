import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";
import { passwordAccountOf } from "../sso/password-sign-in-allowed.ts";
import { findMembership } from "../team/find-membership.ts";
import type { AuthContext } from "./auth-context.ts";
import { csrfTokenFor } from "./auth-tokens.ts";
import { createSession, type SessionDevice } from "./create-session.ts";
import { findUserWithAccount } from "./find-user-with-account.ts";
import type { SignedIn } from "./signed-in.ts";

/** The refusal of a person whose every membership ended. */
export const NO_MEMBERSHIP_LEFT =
  "You are no longer a member of any account; ask for a new invitation.";

/**
 * Starts a session for a user (inside the caller's transaction when given one) and describes it.
 * The session opens in the given account, else in the person's default account while they are
 * a member of it, else in their oldest membership, which becomes the default; a session not begun
 * through single sign-on skips accounts that require it of the person. A session confined to an
 * account (single sign-on) lists that account alone.
 */
export async function signInUser(
  ctx: AuthContext,
  db: Kysely<Database>,
  userId: string,
  options: { accountId?: string | undefined; device?: SessionDevice | undefined } = {},
): Promise<SignedIn> {
  const accountId =
    options.accountId ??
    (options.device?.method === "sso" ? undefined : await passwordAccountOf(db, userId));
  const found = await findUserWithAccount(db, userId, accountId ?? undefined);
  if (!found) throw new ServiceError("forbidden", NO_MEMBERSHIP_LEFT);
  const membership = await findMembership(db, { accountId: found.account.id, userId });
  if (!membership) throw new ServiceError("forbidden", NO_MEMBERSHIP_LEFT);
  await db
    .updateTable("users")
    .set({ account_id: found.account.id })
    .where("id", "=", userId)
    .where("account_id", "!=", found.account.id)
    .execute();
  const session = await createSession(
    db,
    ctx,
    { id: userId, accountId: found.account.id },
    options.device,
  );
  const confinedTo = options.device?.confinedAccountId;
  const accounts = confinedTo
    ? found.accounts.filter((account) => account.id === confinedTo)
    : found.accounts;
  return {
    ...found,
    accounts,
    membership,
    csrfToken: csrfTokenFor(ctx.csrfSecret, session.id),
    session,
  };
}
