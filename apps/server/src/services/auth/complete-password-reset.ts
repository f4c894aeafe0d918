import { ensurePasswordSignInAllowed } from "../sso/password-sign-in-allowed.ts";
import { nextSignInStep, type SignInStep } from "../two-factor/next-sign-in-step.ts";
import type { AuthContext } from "./auth-context.ts";
import { ResetLinkExpiredError } from "./auth-errors.ts";
import { hashToken } from "./auth-tokens.ts";
import { endOtherSessions } from "./end-other-sessions.ts";
import { hashPassword } from "./password-hash.ts";

/**
 * Sets a new password with a reset link's token and signs the user in, or asks for the second
 * step first when two-factor sign-in is on or required (a mailbox alone never passes it). The
 * link works once; the user's other links and every other session end with it.
 */
export async function completePasswordReset(
  ctx: AuthContext,
  input: { token: string; password: string },
  client: { clientAddress?: string | undefined; userAgent?: string | undefined } = {},
): Promise<SignInStep> {
  const tokenHash = hashToken(input.token);
  const found = await ctx.db
    .selectFrom("password_resets")
    .select(["user_id", "expires_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!found || found.used_at !== null || found.expires_at <= ctx.now()) {
    throw new ResetLinkExpiredError();
  }
  await ensurePasswordSignInAllowed(ctx.db, found.user_id);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const claimed = await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) throw new ResetLinkExpiredError();
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("user_id", "=", found.user_id)
      .where("used_at", "is", null)
      .execute();
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", found.user_id)
      .execute();
    await endOtherSessions(trx, found.user_id);
  });
  return nextSignInStep(ctx, found.user_id, "password", client);
}
