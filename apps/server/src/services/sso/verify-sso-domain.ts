import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf } from "../audit/record-audit-event.ts";
import { loadSsoClaims } from "../domain-verification/domain-claims.ts";
import { proveDomainClaim } from "../domain-verification/prove-domain-claim.ts";
import { ServiceError } from "../service-error.ts";
import { getSsoConfig, type SsoConfigView } from "./get-sso-config.ts";
import type { SsoContext } from "./sso-context.ts";
import { SSO_DOMAIN_USE } from "./sso-domain-use.ts";
import { enforceSsoPlan } from "./sso-plan.ts";

/**
 * The Verify action of a listed mail domain: looks its `_upwatch-verification` TXT record up now.
 * Found, the domain's people sign in through the account's single sign-on from then on (and
 * other accounts waiting on the same domain lose their claim); not found, the answer says why.
 */
export async function verifySsoDomain(
  ctx: SsoContext,
  access: AccountAccess,
  domain: string,
): Promise<SsoConfigView> {
  enforceSsoPlan(access.plan);
  const claim = (await loadSsoClaims(ctx.db, access.accountId)).find((c) => c.domain === domain);
  if (!claim) {
    throw new ServiceError(
      "not-found",
      `${domain} is not one of the account's single sign-on domains; add it to the list first.`,
    );
  }
  await proveDomainClaim(ctx, SSO_DOMAIN_USE, claim, actorOf(access));
  return getSsoConfig(ctx, access);
}
