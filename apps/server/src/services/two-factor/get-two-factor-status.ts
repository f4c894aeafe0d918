import type { ServiceContext } from "../context.ts";
import { accountsRequiringTwoFactor } from "./accounts-requiring-two-factor.ts";

/** A person's two-factor sign-in as their security settings show it. */
export interface TwoFactorStatus {
  enabledAt: number | null;
  recoveryCodesLeft: number;
  requiredBy: string[];
}

/** Whether a person's two-factor sign-in is on, their unused recovery codes, and who requires it. */
export async function getTwoFactorStatus(
  ctx: Pick<ServiceContext, "db">,
  userId: string,
): Promise<TwoFactorStatus> {
  const row = await ctx.db
    .selectFrom("two_factor")
    .select("enabled_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const left = await ctx.db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    enabledAt: row?.enabled_at ?? null,
    recoveryCodesLeft: Number(left.count),
    requiredBy: await accountsRequiringTwoFactor(ctx.db, userId),
  };
}
