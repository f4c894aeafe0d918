import type { AuthContext } from "../auth/auth-context.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import { signInUser } from "../auth/sign-in-user.ts";
import type { SignedIn } from "../auth/signed-in.ts";
import { ServiceError } from "../service-error.ts";
import { emailKeyOf } from "./disable-two-factor.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import {
  claimAttempt,
  consumeChallenge,
  findChallenge,
  type SignInChallenge,
} from "./sign-in-challenges.ts";
import { throttledSecondFactor } from "./throttled-second-factor.ts";
import { type SecondFactor, verifySecondFactor } from "./verify-second-factor.ts";

/**
 * Finishes a sign-in with a code or a recovery code: the challenge is used up and the session
 * starts. Every try counts against the challenge (five) and the sign-in throttle before the
 * code is checked.
 */
export async function completeSecondStep(
  ctx: AuthContext,
  throttle: LoginThrottle,
  input: SecondFactor & { challenge: string },
  client: ClientOf & { clientAddress: string },
): Promise<SignedIn> {
  const challenge = await findChallenge(ctx.db, ctx, input.challenge, "two-factor");
  const method = challenge.method === "password" ? "two-factor" : challenge.method;
  return checkedFactor(ctx, throttle, challenge, client, () =>
    // The challenge is used up before the code, in one transaction: of two requests sent at
    // once only one gets past the challenge, so the other cannot spend a recovery code and fail.
    ctx.transact(async (trx) => {
      await consumeChallenge(trx, challenge.tokenHash);
      const used = await verifySecondFactor(trx, ctx, challenge.userId, input);
      const signedIn = await signInUser(ctx, trx, challenge.userId, {
        device: {
          ipAddress: client.clientAddress,
          userAgent: client.userAgent,
          method,
        },
        accountId: challenge.accountId ?? undefined,
      });
      const place = { accountId: signedIn.account.id };
      if (used === "recovery_code") {
        await recordPersonEvent(trx, ctx, challenge.userId, client, {
          action: "recovery_code.used",
          place,
        });
      }
      await recordPersonEvent(trx, ctx, challenge.userId, client, {
        action: "sign_in.succeeded",
        method,
        place,
      });
      return signedIn;
    }),
  );
}

/**
 * Runs the check of a second step after taking one of the challenge's attempts and counting it
 * in the throttle; a wrong code is recorded as a failed sign-in.
 */
export async function checkedFactor<T>(
  ctx: AuthContext,
  throttle: LoginThrottle,
  challenge: SignInChallenge,
  client: ClientOf & { clientAddress: string },
  check: () => Promise<T>,
): Promise<T> {
  await claimAttempt(ctx.db, challenge.tokenHash);
  const emailKey = await emailKeyOf(ctx, challenge.userId);
  try {
    return await throttledSecondFactor(
      throttle,
      { emailKey, clientAddress: client.clientAddress },
      check,
    );
  } catch (error) {
    if (error instanceof ServiceError && error.code === "forbidden") {
      await recordPersonEvent(ctx.db, ctx, challenge.userId, client, {
        action: "sign_in.failed",
        method: "two-factor",
        place: "default-account",
      });
    }
    throw error;
  }
}
