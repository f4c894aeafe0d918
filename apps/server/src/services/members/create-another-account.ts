import type { AccountAccess } from "../accounts/account-access.ts";
import { ownerAlertChannel } from "../accounts/owner-alert-channel.ts";
import type { AuthContext } from "../auth/auth-context.ts";
import { findUserWithAccount } from "../auth/find-user-with-account.ts";
import { getSession, sessionOf } from "../auth/get-session.ts";
import type { SignedInView } from "../auth/signed-in.ts";
import { moveSession } from "../invitations/move-session.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";

/**
 * Creates another account, on the plan new accounts get, owned by the signed-in person, with
 * their address as its first alert channel; the session moves to it.
 */
export async function createAnotherAccount(
  ctx: AuthContext,
  access: AccountAccess,
  name: string,
): Promise<SignedInView> {
  const who = sessionOf(access);
  const person = await ctx.db
    .selectFrom("users")
    .select("email")
    .where("id", "=", who.userId)
    .executeTakeFirstOrThrow();
  const accountId = ctx.newId("acc");
  const at = ctx.now();
  await storeOrExplain("the account", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("accounts")
        .values({ id: accountId, name: name.trim(), plan: ctx.newAccountPlan, created_at: at })
        .execute();
      await trx
        .insertInto("memberships")
        .values({
          account_id: accountId,
          user_id: who.userId,
          role: "owner",
          custom_role_id: null,
          created_at: at,
        })
        .execute();
      await trx
        .insertInto("channels")
        .values(ownerAlertChannel(ctx, accountId, person.email, at))
        .execute();
      await moveSession(trx, who, accountId);
    }),
  );
  const found = await findUserWithAccount(ctx.db, who.userId, accountId);
  if (!found) throw new ServiceError("not-found", "There is no account with that id.");
  return getSession(ctx, { ...who, accountId: accountId });
}
