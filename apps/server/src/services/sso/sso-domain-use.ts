import type { DomainUse } from "../domain-verification/domain-use.ts";

/** A proven mail domain routes its addresses' sign-ins to the account's single sign-on. */
export const SSO_DOMAIN_USE: DomainUse = {
  purpose: "sso",
  auditPrefix: "sso",
  auditTarget: (claim) => ({ type: "sso_domain", id: claim.account_id, label: claim.domain }),
  outprovedReason: (domain) =>
    `Another account proved that it owns ${domain} first, so its people sign in there.`,
  async takenElsewhere(trx, claim) {
    const taken = await trx
      .selectFrom("sso_domains")
      .select("account_id")
      .where("domain", "=", claim.domain)
      .where("account_id", "!=", claim.account_id)
      .executeTakeFirst();
    return taken ? ssoDomainTaken(claim.domain) : undefined;
  },
  async take(trx, claim) {
    const held = await trx
      .selectFrom("sso_domains")
      .select("domain")
      .where("domain", "=", claim.domain)
      .executeTakeFirst();
    if (held) return;
    await trx
      .insertInto("sso_domains")
      .values({ domain: claim.domain, account_id: claim.account_id })
      .execute();
  },
  async release(trx, claim) {
    await trx
      .deleteFrom("sso_domains")
      .where("domain", "=", claim.domain)
      .where("account_id", "=", claim.account_id)
      .execute();
  },
};

/** The refusal of a domain another account has proven. */
export function ssoDomainTaken(domain: string): string {
  return `The domain ${domain} already signs in through another account's single sign-on.`;
}
