import type { LoginInput } from "@upwatch/core";
import { ensurePasswordSignInAllowed } from "../sso/password-sign-in-allowed.ts";
import { nextSignInStep, type SignInStep } from "../two-factor/next-sign-in-step.ts";
import { recordPersonEvent } from "../two-factor/record-person-event.ts";
import type { AuthContext } from "./auth-context.ts";
import { WrongCredentialsError } from "./auth-errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "./password-hash.ts";

/**
 * Signs a user in with e-mail and password. An unknown address and a wrong password get the same
 * answer after the same work (a dummy hash is checked); failures count towards the throttle.
 * A right password starts the session, or the second step when two-factor sign-in is on or an
 * account of the person requires it.
 */
export async function logIn(
  ctx: AuthContext,
  throttle: LoginThrottle,
  input: LoginInput & { clientAddress: string; userAgent?: string | undefined },
): Promise<SignInStep> {
  const emailKey = input.email.toLowerCase();
  const client = { clientAddress: input.clientAddress, userAgent: input.userAgent };
  await throttle.check(emailKey, input.clientAddress);
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  const matches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !matches) {
    await throttle.recordFailure(emailKey, input.clientAddress);
    if (user) {
      await recordPersonEvent(ctx.db, ctx, user.id, client, {
        action: "sign_in.failed",
        method: "password",
        place: "default-account",
      });
    }
    throw new WrongCredentialsError();
  }
  await ensurePasswordSignInAllowed(ctx.db, user.id);
  if (user.password_hash && passwordNeedsRehash(user.password_hash)) {
    const rehashed = await hashPassword(input.password);
    await ctx.db
      .updateTable("users")
      .set({ password_hash: rehashed })
      .where("id", "=", user.id)
      .execute();
  }
  const step = await nextSignInStep(ctx, user.id, "password", client);
  // With a second step to come, the address's count is cleared only once that step passes.
  if (step.kind === "signed-in") await throttle.recordSuccess(emailKey);
  return step;
}
