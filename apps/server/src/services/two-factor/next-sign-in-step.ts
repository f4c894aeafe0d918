import type { AuthContext } from "../auth/auth-context.ts";
import { signInUser } from "../auth/sign-in-user.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { accountsRequiringTwoFactor } from "./accounts-requiring-two-factor.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import { createChallenge } from "./sign-in-challenges.ts";

/** Where a sign-in stands after its first step: signed in, or a second step first. */
export type SignInStep =
  | { kind: "signed-in"; signedIn: SignedIn }
  | { kind: "two-factor"; challenge: string }
  | { kind: "enrol"; challenge: string };

/**
 * After a person passed the first step (`method`): asks for a code when their two-factor sign-in
 * is on, asks them to set it up when an account of theirs requires it, else starts the session
 * and records the sign-in.
 */
export async function nextSignInStep(
  ctx: AuthContext,
  userId: string,
  method: string,
  client: ClientOf,
  /** The account the session opens in, when not the person's default (an invitation's). */
  accountId?: string,
): Promise<SignInStep> {
  const twoFactor = await ctx.db
    .selectFrom("two_factor")
    .select("enabled_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (twoFactor?.enabled_at != null) {
    const challenge = await createChallenge(ctx.db, ctx, {
      userId,
      purpose: "two-factor",
      method,
      accountId,
    });
    return { kind: "two-factor", challenge };
  }
  if ((await accountsRequiringTwoFactor(ctx.db, userId)).length) {
    const challenge = await createChallenge(ctx.db, ctx, {
      userId,
      purpose: "enrol",
      method,
      accountId,
    });
    return { kind: "enrol", challenge };
  }
  const signedIn = await ctx.transact(async (trx) => {
    const result = await signInUser(ctx, trx, userId, {
      device: {
        ipAddress: client.clientAddress,
        userAgent: client.userAgent,
        method,
      },
      accountId,
    });
    await recordPersonEvent(trx, ctx, userId, client, {
      action: "sign_in.succeeded",
      method,
      place: { accountId: result.account.id },
    });
    return result;
  });
  return { kind: "signed-in", signedIn };
}
