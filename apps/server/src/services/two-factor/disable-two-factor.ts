import type { AuthContext } from "../auth/auth-context.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { accountsRequiringTwoFactor } from "./accounts-requiring-two-factor.ts";
import { confirmPassword } from "./confirm-password.ts";
import { mailTwoFactorChange } from "./mail-two-factor-change.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import { throttledSecondFactor } from "./throttled-second-factor.ts";
import { type SecondFactor, verifySecondFactor } from "./verify-second-factor.ts";

/**
 * Turns two-factor sign-in off, confirmed by the password and a code (or recovery code); refused
 * while an account the person belongs to requires it.
 */
export async function disableTwoFactor(
  ctx: Pick<AuthContext, "db" | "now" | "newId" | "secrets" | "transact" | "appUrl">,
  throttle: LoginThrottle,
  who: { userId: string; clientAddress: string; userAgent?: string | undefined },
  input: SecondFactor & { password: string },
): Promise<void> {
  const requiring = await accountsRequiringTwoFactor(ctx.db, who.userId);
  if (requiring.length) {
    const names = requiring.map((name) => `“${name}”`).join(", ");
    throw new ServiceError(
      "conflict",
      `The account ${names} requires two-factor sign-in, so it cannot be turned off.`,
    );
  }
  const emailKey = await emailKeyOf(ctx, who.userId);
  await throttledSecondFactor(
    throttle,
    { emailKey, clientAddress: who.clientAddress },
    async () => {
      await confirmPassword(ctx, who.userId, input.password);
      await verifySecondFactor(ctx.db, ctx, who.userId, input);
    },
  );
  await ctx.transact(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", who.userId).execute();
    await trx.deleteFrom("two_factor").where("user_id", "=", who.userId).execute();
    await recordPersonEvent(trx, ctx, who.userId, client(who), { action: "two_factor.disabled" });
    await mailTwoFactorChange(trx, ctx, who.userId, false);
  });
}

const client = (who: ClientOf): ClientOf => ({
  clientAddress: who.clientAddress,
  userAgent: who.userAgent,
});

/** The key a person's failed sign-ins are counted under. */
export async function emailKeyOf(ctx: Pick<ServiceContext, "db">, userId: string): Promise<string> {
  const user = await ctx.db
    .selectFrom("users")
    .select("email_key")
    .where("id", "=", userId)
    .executeTakeFirst();
  return user?.email_key ?? userId;
}
