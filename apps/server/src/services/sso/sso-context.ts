import type { AuthContext } from "../auth/auth-context.ts";

/** What single sign-on needs beyond signing in: where the provider returns, and which issuers. */
export interface SsoContext extends AuthContext {
  /** `${publicUrl}/api/v1/auth/sso/callback`, registered with each provider. */
  redirectUri: string;
  /**
   * Issuers on this machine over plain http are accepted (ALLOW_PRIVATE_TARGETS, as for
   * monitors): a provider on the loopback interface during development. Others must use https.
   */
  allowLoopbackIssuers: boolean;
}
