import { passwordResetMail } from "../../mail/messages/password-reset.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeOrExplain } from "../storage-error.ts";
import type { AuthContext } from "./auth-context.ts";
import { passwordLinkUrl, storePasswordLink } from "./password-link.ts";
import { RESET_LINK_LIFETIME_MS, RESET_MAIL_INTERVAL_MS } from "./password-reset-lifetime.ts";

/** The outbox kind of reset mails. */
export const PASSWORD_RESET_MAIL_KIND = "password-reset";

/**
 * Mails a single-use reset link to the address when a user signs in with it. The caller answers
 * the same whatever happened, so nobody learns which addresses have accounts. Returns whether a
 * mail was queued.
 */
export async function requestPasswordReset(ctx: AuthContext, email: string): Promise<boolean> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email_key", "=", email.toLowerCase())
    .executeTakeFirst();
  if (!user) return false;
  return storeOrExplain("the reset request", () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const recent = await trx
        .selectFrom("password_resets")
        .select("token_hash")
        .where("user_id", "=", user.id)
        .where("created_at", ">", now - RESET_MAIL_INTERVAL_MS)
        .executeTakeFirst();
      if (recent) return false;
      const token = await storePasswordLink(trx, user.id, now, RESET_LINK_LIFETIME_MS);
      const link = passwordLinkUrl(ctx.appUrl, token);
      await enqueueMail(trx, ctx, PASSWORD_RESET_MAIL_KIND, passwordResetMail(user.email, link));
      return true;
    }),
  );
}
