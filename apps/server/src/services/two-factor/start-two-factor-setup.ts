import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { ServiceContext } from "../context.ts";
import { confirmPassword } from "./confirm-password.ts";
import { emailKeyOf } from "./disable-two-factor.ts";
import { setUpTwoFactor, type TwoFactorSetup } from "./set-up-two-factor.ts";
import { throttledSecondFactor } from "./throttled-second-factor.ts";

/**
 * Starts setting up two-factor sign-in from a signed-in session once the person typed their
 * password again (counted in the sign-in throttle), so an unattended session cannot put its own
 * authenticator on the account.
 */
export async function startTwoFactorSetup(
  ctx: Pick<ServiceContext, "db" | "now" | "secrets">,
  throttle: LoginThrottle,
  who: { userId: string; clientAddress: string },
  password: string,
): Promise<TwoFactorSetup> {
  const emailKey = await emailKeyOf(ctx, who.userId);
  await throttledSecondFactor(throttle, { emailKey, clientAddress: who.clientAddress }, () =>
    confirmPassword(ctx, who.userId, password),
  );
  return setUpTwoFactor(ctx, who.userId);
}
