import type { LoginThrottle } from "../auth/login-throttle.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { confirmPassword } from "./confirm-password.ts";
import { emailKeyOf } from "./disable-two-factor.ts";
import { type ClientOf, recordPersonEvent } from "./record-person-event.ts";
import { replaceRecoveryCodes } from "./recovery-codes.ts";
import { throttledSecondFactor } from "./throttled-second-factor.ts";
import { type SecondFactor, verifySecondFactor } from "./verify-second-factor.ts";

/**
 * Replaces the recovery codes of a person with two-factor on, confirmed by the password and a
 * current code (or a recovery code), both counted in the sign-in throttle; the old ones stop
 * working.
 */
export async function regenerateRecoveryCodes(
  ctx: Pick<ServiceContext, "db" | "now" | "newId" | "secrets" | "transact">,
  throttle: LoginThrottle,
  who: ClientOf & { userId: string; clientAddress: string },
  input: SecondFactor & { password: string },
): Promise<string[]> {
  const row = await ctx.db
    .selectFrom("two_factor")
    .select("enabled_at")
    .where("user_id", "=", who.userId)
    .executeTakeFirst();
  if (row?.enabled_at == null) {
    throw new ServiceError(
      "conflict",
      "Turn two-factor sign-in on first; recovery codes come with it.",
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
  const client = { clientAddress: who.clientAddress, userAgent: who.userAgent };
  return ctx.transact(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, ctx, who.userId);
    await recordPersonEvent(trx, ctx, who.userId, client, { action: "recovery_codes.regenerated" });
    return codes;
  });
}
