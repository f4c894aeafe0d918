import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import type { ServiceContext } from "../context.ts";
import { newDomainClaim } from "../domain-verification/domain-claims.ts";
import type { DomainUse } from "../domain-verification/domain-use.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The refusal of a custom domain another page uses or claims. */
export function customDomainTaken(domain: string): string {
  return `Another status page already uses the custom domain ${domain}.`;
}

/**
 * A proven custom domain serves its page: `status_pages.custom_domain` holds it only while
 * proven, so the public site never answers on a domain nobody proved.
 */
export const STATUS_PAGE_DOMAIN_USE: DomainUse = {
  purpose: "status_page",
  auditPrefix: "status_page",
  auditTarget: (claim) => ({ type: "status_page", id: claim.page_id ?? "", label: claim.domain }),
  outprovedReason: (domain) =>
    `Another account's status page proved that it owns ${domain} first, so the domain serves that page.`,
  async takenElsewhere(trx, claim) {
    const taken = await trx
      .selectFrom("status_pages")
      .select("id")
      .where("custom_domain", "=", claim.domain)
      .where("id", "!=", claim.page_id ?? "")
      .executeTakeFirst();
    return taken ? customDomainTaken(claim.domain) : undefined;
  },
  async take(trx, claim) {
    await trx
      .updateTable("status_pages")
      .set((eb) => ({ custom_domain: claim.domain, version: eb("version", "+", 1) }))
      .where("id", "=", claim.page_id ?? "")
      .execute();
  },
  async release(trx, claim) {
    await trx
      .updateTable("status_pages")
      .set((eb) => ({ custom_domain: null, version: eb("version", "+", 1) }))
      .where("id", "=", claim.page_id ?? "")
      .where("custom_domain", "=", claim.domain)
      .execute();
  },
};

/** The custom domain a page claims (proven or not), or null. */
export async function claimedDomainOf(db: Db, pageId: string): Promise<string | null> {
  const claim = await db
    .selectFrom("domain_claims")
    .select("domain")
    .where("purpose", "=", "status_page")
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  return claim?.domain ?? null;
}

/**
 * Gives a page a custom domain to prove, or none: a new domain starts pending with a record of
 * its own and the page stops answering on the old one; the same domain keeps its proof.
 */
export async function claimPageDomain(
  ctx: Pick<ServiceContext, "newId" | "now">,
  trx: Transaction<Database>,
  page: { id: string; account_id: string },
  domain: string | null,
): Promise<void> {
  const current = await trx
    .selectFrom("domain_claims")
    .selectAll()
    .where("purpose", "=", "status_page")
    .where("page_id", "=", page.id)
    .executeTakeFirst();
  if (current?.domain === domain) return;
  if (current) {
    await STATUS_PAGE_DOMAIN_USE.release(trx, current);
    await trx.deleteFrom("domain_claims").where("id", "=", current.id).execute();
  }
  if (domain === null) return;
  const claim = newDomainClaim(ctx, {
    accountId: page.account_id,
    purpose: "status_page",
    domain,
    pageId: page.id,
  });
  await trx.insertInto("domain_claims").values(claim).execute();
}
