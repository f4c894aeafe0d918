import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf } from "../audit/record-audit-event.ts";
import { proveDomainClaim } from "../domain-verification/prove-domain-claim.ts";
import type { DomainProofContext } from "../domain-verification/txt-lookup.ts";
import { ServiceError } from "../service-error.ts";
import { findOwnedPage } from "./owned-page.ts";
import { STATUS_PAGE_DOMAIN_USE } from "./page-domain.ts";
import { recordOfPage, type StatusPageRecord } from "./status-page-record.ts";
import { enforceWhiteLabelPlan } from "./status-page-rules.ts";

/**
 * The Verify action of a page's custom domain: looks its `_upwatch-verification` TXT record up
 * now. Found, the page is served on the domain from then on; not found, the answer says why.
 */
export async function verifyStatusPageDomain(
  ctx: DomainProofContext,
  access: AccountAccess,
  pageId: string,
): Promise<StatusPageRecord> {
  await findOwnedPage(ctx.db, access, pageId);
  const claim = await ctx.db
    .selectFrom("domain_claims")
    .selectAll()
    .where("purpose", "=", "status_page")
    .where("page_id", "=", pageId)
    .executeTakeFirst();
  if (!claim) {
    throw new ServiceError("not-found", "This status page has no custom domain to verify.");
  }
  enforceWhiteLabelPlan(access.plan, { custom_domain: claim.domain });
  await proveDomainClaim(ctx, STATUS_PAGE_DOMAIN_USE, claim, actorOf(access));
  return recordOfPage(ctx.db, await findOwnedPage(ctx.db, access, pageId), ctx.now());
}
