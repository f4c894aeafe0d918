import * as oidc from "openid-client";
import { ServiceError } from "../service-error.ts";
import type { SsoContext } from "./sso-context.ts";
import { discoverProvider } from "./sso-provider.ts";
import { clientSecretPlace, domainOf, type StoredSsoSettings } from "./sso-settings.ts";

export const UNVERIFIED =
  "The sign-in provider's answer could not be verified; please start again or ask your administrator.";

/** Who the provider says signed in: its subject, and an address it has not marked unverified. */
export interface VerifiedClaims {
  subject: string;
  email: string;
}

/**
 * Exchanges the provider's code and checks its answer (state, PKCE, nonce, issuer, audience and
 * the ID token's signature); the address must be in one of the account's domains.
 */
export async function verifiedSsoClaims(
  ctx: SsoContext,
  settings: StoredSsoSettings,
  attempt: { nonce: string; code_verifier: string },
  query: Record<string, string>,
): Promise<VerifiedClaims> {
  if (query.error) {
    throw new ServiceError(
      "invalid",
      `The sign-in provider did not sign you in (${query.error.slice(0, 100)}).`,
    );
  }
  const provider = await discoverProvider(ctx, {
    issuer: settings.issuer,
    clientId: settings.client_id,
    clientSecret: ctx.secrets.open(
      settings.client_secret_sealed,
      clientSecretPlace(settings.account_id),
    ),
  });
  const currentUrl = new URL(ctx.redirectUri);
  for (const [name, value] of Object.entries(query)) currentUrl.searchParams.set(name, value);
  const tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
    pkceCodeVerifier: attempt.code_verifier,
    expectedState: query.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new ServiceError("invalid", UNVERIFIED);
  // Providers may leave the address out of the ID token and answer it from the userinfo endpoint.
  const claims =
    typeof idToken.email === "string"
      ? idToken
      : await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  if (!email.includes("@")) {
    throw new ServiceError("invalid", "The sign-in provider did not tell us your e-mail address.");
  }
  if (claims.email_verified === false) {
    throw new ServiceError(
      "invalid",
      "The sign-in provider has not verified your e-mail address; verify it there first.",
    );
  }
  if (!settings.domains.includes(domainOf(email))) {
    throw new ServiceError(
      "forbidden",
      "Your e-mail address's domain does not sign in through this organisation's single sign-on.",
    );
  }
  return { subject: idToken.sub, email };
}
