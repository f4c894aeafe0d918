import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { twoFactorChangedMail } from "../../mail/messages/two-factor-changed.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import type { AuthContext } from "../auth/auth-context.ts";

/** The outbox kind of the notice that two-factor sign-in was turned on or off. */
export const TWO_FACTOR_CHANGED_MAIL_KIND = "two-factor-changed";

/**
 * Tells the person, through the outbox inside the caller's transaction, that two-factor sign-in
 * was turned on or off, so a change they did not make does not go unnoticed.
 */
export async function mailTwoFactorChange(
  trx: Kysely<Database>,
  ctx: Pick<AuthContext, "now" | "newId" | "appUrl">,
  userId: string,
  on: boolean,
): Promise<void> {
  const person = await trx
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!person) return;
  const mail = twoFactorChangedMail({
    email: person.email,
    on,
    securityUrl: `${ctx.appUrl}/settings/security`,
    forgotPasswordUrl: `${ctx.appUrl}/forgot-password`,
  });
  await enqueueMail(trx, ctx, TWO_FACTOR_CHANGED_MAIL_KIND, mail);
}
