import { twoFactorResetMail } from "../../mail/messages/two-factor-reset.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

/** The outbox kind of the notice that the operator turned two-factor sign-in off. */
export const TWO_FACTOR_RESET_MAIL_KIND = "two-factor-reset";

/**
 * The operator's way back in for someone who lost both their authenticator and their recovery
 * codes: turns two-factor sign-in off, deletes the recovery codes, ends every session, mails the
 * person and records it in each of their accounts' audit logs, all in one transaction.
 */
export async function resetTwoFactor(
  ctx: Pick<ServiceContext, "db" | "now" | "newId" | "transact">,
  email: string,
): Promise<{ userId: string; sessionsEnded: number }> {
  const person = await ctx.db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email_key", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  if (!person) throw new ServiceError("not-found", "Nobody signs in with that address.");
  const twoFactor = await ctx.db
    .selectFrom("two_factor")
    .select("enabled_at")
    .where("user_id", "=", person.id)
    .executeTakeFirst();
  if (twoFactor?.enabled_at == null) {
    throw new ServiceError("conflict", "That person has no two-factor sign-in to reset.");
  }
  return ctx.transact(async (trx) => {
    await trx.deleteFrom("recovery_codes").where("user_id", "=", person.id).execute();
    await trx.deleteFrom("two_factor").where("user_id", "=", person.id).execute();
    const ended = await trx
      .deleteFrom("sessions")
      .where("user_id", "=", person.id)
      .executeTakeFirst();
    const memberships = await trx
      .selectFrom("memberships")
      .select("account_id")
      .where("user_id", "=", person.id)
      .execute();
    for (const { account_id } of memberships) {
      await recordAuditEvent(
        trx,
        ctx,
        account_id,
        { kind: "operator" },
        {
          action: "two_factor.disabled",
          target: { type: "user", id: person.id, label: person.email },
        },
      );
    }
    await enqueueMail(trx, ctx, TWO_FACTOR_RESET_MAIL_KIND, twoFactorResetMail(person));
    return { userId: person.id, sessionsEnded: Number(ended.numDeletedRows) };
  });
}
