import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";

/**
 * What vouched for linking a provider identity to a person who already had a sign-in: their own
 * password (`password`), their password and second factor (`two-factor`), an invitation of the
 * account they accepted (`invitation`), or an earlier link to the same account's provider
 * (`existing-link`, the provider or its subjects changed).
 */
export type SsoLinkMethod = "password" | "two-factor" | "invitation" | "existing-link";

/**
 * Links the provider's subject for the account to the person and records it, inside the caller's
 * transaction. Answers false when the subject is already linked to someone else.
 */
export async function linkSsoIdentity(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  link: { accountId: string; subject: string; userId: string; email: string },
  method: SsoLinkMethod,
  actor: AuditActor,
): Promise<boolean> {
  const taken = await trx
    .selectFrom("sso_identities")
    .select("user_id")
    .where("account_id", "=", link.accountId)
    .where("subject", "=", link.subject)
    .executeTakeFirst();
  if (taken) return taken.user_id === link.userId;
  await trx
    .insertInto("sso_identities")
    .values({
      account_id: link.accountId,
      subject: link.subject,
      user_id: link.userId,
      created_at: ctx.now(),
    })
    .execute();
  await recordAuditEvent(trx, ctx, link.accountId, actor, {
    action: "sso.identity_linked",
    target: { type: "user", id: link.userId, label: link.email },
    changes: { method: { before: null, after: method } },
  });
  return true;
}

/**
 * How a person who already signs in may be linked by the provider alone: while they are a member
 * of the account and joined it through an invitation they accepted, or were linked to its
 * provider before. Anyone else links only with their own password (undefined).
 */
export async function linkWithoutPassword(
  trx: Kysely<Database>,
  accountId: string,
  userId: string,
): Promise<SsoLinkMethod | undefined> {
  const member = await trx
    .selectFrom("memberships")
    .select("user_id")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!member) return undefined;
  const invited = await trx
    .selectFrom("invitations")
    .select("id")
    .where("account_id", "=", accountId)
    .where("accepted_by", "=", userId)
    .where("accepted_at", "is not", null)
    .executeTakeFirst();
  if (invited) return "invitation";
  const linked = await trx
    .selectFrom("sso_identities")
    .select("subject")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return linked ? "existing-link" : undefined;
}
