import type { AuthContext } from "../auth/auth-context.ts";
import type { DomainProofContext } from "../domain-verification/txt-lookup.ts";

/**
 * What single sign-on needs beyond signing in: where the provider returns, which issuers, and
 * how domains are proven (DNS TXT lookups).
 */
export interface SsoContext extends AuthContext, Pick<DomainProofContext, "lookupTxt"> {
  /** `${publicUrl}/api/v1/auth/sso/callback`, registered with each provider. */
  redirectUri: string;
  /**
   * Issuers on this machine over plain http are accepted (ALLOW_PRIVATE_TARGETS, as for
   * monitors): a provider on the loopback interface during development. Others must use https.
   */
  allowLoopbackIssuers: boolean;
}
