import type { LoginInput } from "@upwatch/core";
import type { AuthContext } from "./auth-context.ts";
import { WrongCredentialsError } from "./auth-errors.ts";
import type { LoginThrottle } from "./login-throttle.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "./password-hash.ts";
import { signInUser } from "./sign-in-user.ts";
import type { SignedIn } from "./signed-in.ts";

/**
 * Signs a user in with e-mail and password. An unknown address and a wrong password get the same
 * answer after the same work (a dummy hash is checked); failures count towards the throttle.
 */
export async function logIn(
  ctx: AuthContext,
  throttle: LoginThrottle,
  input: LoginInput & { clientAddress: string },
): Promise<SignedIn> {
  const emailKey = input.email.toLowerCase();
  await throttle.check(emailKey, input.clientAddress);
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "password_hash"])
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  const matches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !matches) {
    await throttle.recordFailure(emailKey, input.clientAddress);
    throw new WrongCredentialsError();
  }
  await throttle.recordSuccess(emailKey);
  if (user.password_hash && passwordNeedsRehash(user.password_hash)) {
    const rehashed = await hashPassword(input.password);
    await ctx.db
      .updateTable("users")
      .set({ password_hash: rehashed })
      .where("id", "=", user.id)
      .execute();
  }
  return signInUser(ctx, ctx.db, user.id);
}
