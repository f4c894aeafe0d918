import type { AccountAccess } from "../accounts/account-access.ts";
import { type DomainClaim, loadSsoClaims } from "../domain-verification/domain-claims.ts";
import type { SsoContext } from "./sso-context.ts";
import { enforceSsoPlan } from "./sso-plan.ts";
import { loadSsoSettings } from "./sso-settings.ts";

/** The account's single sign-on settings as shown to its people (never the client secret). */
export interface SsoConfigView {
  configured: boolean;
  issuer: string | null;
  clientId: string | null;
  clientSecretSet: boolean;
  /** Every listed domain, proven or not. */
  domains: string[];
  /** Each listed domain's claim: its TXT record to publish and where its proof stands. */
  domainClaims: DomainClaim[];
  defaultRole: string | null;
  defaultCustomRoleId: string | null;
  required: boolean;
  redirectUri: string;
}

/** Reads the account's single sign-on settings; refused on plans without single sign-on. */
export async function getSsoConfig(
  ctx: SsoContext,
  access: Pick<AccountAccess, "accountId" | "plan">,
): Promise<SsoConfigView> {
  enforceSsoPlan(access.plan);
  const stored = await loadSsoSettings(ctx.db, access.accountId);
  const claims = stored ? await loadSsoClaims(ctx.db, access.accountId) : [];
  return {
    configured: !!stored,
    issuer: stored?.issuer ?? null,
    clientId: stored?.client_id ?? null,
    clientSecretSet: !!stored,
    domains: claims.map((claim) => claim.domain),
    domainClaims: claims,
    defaultRole: stored?.default_role ?? null,
    defaultCustomRoleId: stored?.default_custom_role_id ?? null,
    required: stored?.required === 1,
    redirectUri: ctx.redirectUri,
  };
}
