import type { AuthContext } from "../auth/auth-context.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import { signInUser } from "../auth/sign-in-user.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { checkedFactor } from "./complete-second-step.ts";
import { turnOn } from "./enable-two-factor.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import { setUpTwoFactor, type TwoFactorSetup } from "./set-up-two-factor.ts";
import { consumeChallenge, findChallenge } from "./sign-in-challenges.ts";
import { verifySecondFactor } from "./verify-second-factor.ts";

/** A new secret for a person who must set up two-factor sign-in before their session starts. */
export async function setUpWhileSigningIn(
  ctx: AuthContext,
  challengeToken: string,
): Promise<TwoFactorSetup> {
  const challenge = await findChallenge(ctx.db, ctx, challengeToken, "enrol");
  return setUpTwoFactor(ctx, challenge.userId);
}

/**
 * Confirms the new secret with a first code, turns two-factor sign-in on and starts the
 * session; answers the recovery codes with it.
 */
export async function enableWhileSigningIn(
  ctx: AuthContext,
  throttle: LoginThrottle,
  input: { challenge: string; code: string },
  client: ClientOf & { clientAddress: string },
): Promise<{ signedIn: SignedIn; recoveryCodes: string[] }> {
  const challenge = await findChallenge(ctx.db, ctx, input.challenge, "enrol");
  const method = challenge.method === "password" ? "two-factor" : challenge.method;
  return checkedFactor(ctx, throttle, challenge, client, () =>
    ctx.transact(async (trx) => {
      await consumeChallenge(trx, challenge.tokenHash);
      await verifySecondFactor(trx, ctx, challenge.userId, { code: input.code }, { pending: true });
      const recoveryCodes = await turnOn(trx, ctx, challenge.userId, client);
      const signedIn = await signInUser(ctx, trx, challenge.userId, {
        device: {
          ipAddress: client.clientAddress,
          userAgent: client.userAgent,
          method,
        },
        accountId: challenge.accountId ?? undefined,
      });
      await recordPersonEvent(trx, ctx, challenge.userId, client, {
        action: "sign_in.succeeded",
        method,
        place: { accountId: signedIn.account.id },
      });
      return { signedIn, recoveryCodes };
    }),
  );
}
