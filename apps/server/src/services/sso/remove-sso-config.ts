import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { enforceSsoPlan } from "./sso-plan.ts";

/**
 * Turns the account's single sign-on off: its settings, domains and pending sign-ins go, so
 * everyone signs in with a password again. The links to provider identities stay for a later
 * set-up of the same provider.
 */
export async function removeSsoConfig(ctx: ServiceContext, access: AccountAccess): Promise<void> {
  enforceSsoPlan(access.plan);
  await ctx.transact(async (trx) => {
    const removed = await trx
      .selectFrom("sso_configs")
      .select("issuer")
      .where("account_id", "=", access.accountId)
      .executeTakeFirst();
    if (!removed) {
      throw new ServiceError("not-found", "Single sign-on is not set up for this account.");
    }
    await trx.deleteFrom("sso_configs").where("account_id", "=", access.accountId).execute();
    await trx.deleteFrom("sso_domains").where("account_id", "=", access.accountId).execute();
    await trx
      .deleteFrom("domain_claims")
      .where("purpose", "=", "sso")
      .where("account_id", "=", access.accountId)
      .execute();
    await trx.deleteFrom("sso_attempts").where("account_id", "=", access.accountId).execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "sso.removed",
      target: { type: "sso", id: access.accountId, label: removed.issuer },
    });
  });
}
