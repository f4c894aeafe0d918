import { emailChangedMail } from "../../mail/messages/email-changed.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { AuthContext } from "./auth-context.ts";
import { EmailTakenError, WrongCurrentPasswordError } from "./auth-errors.ts";
import { verifyPassword } from "./password-hash.ts";
import { accountNameFor } from "./register.ts";

const TAKEN = "An account already uses that e-mail address.";

/** The outbox kind of the notice sent to the old address. */
export const EMAIL_CHANGED_MAIL_KIND = "email-changed";

/**
 * Changes the address a signed-in user signs in with, after checking the current password. An
 * account the person owns and that is still named after the old address is renamed; alert channels keep their addresses. The
 * old address is told, so a stolen password cannot quietly take the account over.
 */
export async function changeEmail(
  ctx: AuthContext,
  session: { userId: string; accountId: string },
  input: { email: string; current_password: string },
): Promise<{ id: string; email: string }> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(input.current_password, user.password_hash))) {
    throw new WrongCurrentPasswordError();
  }
  const emailKey = input.email.toLowerCase();
  const taken = async () =>
    ctx.db
      .selectFrom("users")
      .select("id")
      .where("email_key", "=", emailKey)
      .where("id", "!=", user.id)
      .executeTakeFirst();
  if (await taken()) throw new EmailTakenError(TAKEN);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ email: input.email, email_key: emailKey })
        .where("id", "=", user.id)
        .execute();
      const renamed = await trx
        .updateTable("accounts")
        .set({ name: accountNameFor(input.email) })
        .where("id", "=", session.accountId)
        .where("name", "=", accountNameFor(user.email))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("memberships")
              .select("memberships.user_id")
              .whereRef("memberships.account_id", "=", "accounts.id")
              .where("memberships.user_id", "=", user.id)
              .where("memberships.role", "=", "owner"),
          ),
        )
        .executeTakeFirst();
      if (Number(renamed.numUpdatedRows) > 0) {
        const name = { before: accountNameFor(user.email), after: accountNameFor(input.email) };
        await recordAuditEvent(
          trx,
          ctx,
          session.accountId,
          { kind: "user", userId: user.id, label: input.email },
          {
            action: "account.renamed",
            target: { type: "account", id: session.accountId, label: name.after },
            changes: name.before === name.after ? null : { name },
          },
        );
      }
      if (emailKey !== user.email.toLowerCase()) {
        const notice = emailChangedMail({
          oldEmail: user.email,
          newEmail: input.email,
          forgotPasswordUrl: `${ctx.appUrl}/forgot-password`,
        });
        await enqueueMail(trx, ctx, EMAIL_CHANGED_MAIL_KIND, notice);
      }
    });
  } catch (error) {
    if (await taken()) throw new EmailTakenError(TAKEN);
    throw error;
  }
  return { id: user.id, email: input.email };
}
