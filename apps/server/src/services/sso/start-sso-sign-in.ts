import * as oidc from "openid-client";
import { hashToken } from "../auth/auth-tokens.ts";
import type { LoginThrottle } from "../auth/login-throttle.ts";
import { ServiceError } from "../service-error.ts";
import type { SsoContext } from "./sso-context.ts";
import { discoverProvider } from "./sso-provider.ts";
import { clientSecretPlace, domainOf, loadSsoSettings } from "./sso-settings.ts";

/** How long the provider has to send the browser back. */
export const SSO_ATTEMPT_LIFETIME_MS = 10 * 60_000;

export const SSO_NOT_SET_UP = "Single sign-on is not set up for this address's domain.";

/**
 * Begins signing in through the provider of the address's domain: remembers a state, a nonce and
 * a PKCE verifier for ten minutes and answers where to send the browser. The answer says only
 * whether the domain uses single sign-on, never whether the address has a person. Starts are
 * refused while the sign-in throttle is spent; a domain without single sign-on (or not yet proven
 * by the account claiming it) counts as a failure.
 */
export async function startSsoSignIn(
  ctx: SsoContext,
  throttle: LoginThrottle,
  input: { email: string; clientAddress: string },
): Promise<{ redirectUrl: string }> {
  const emailKey = input.email.toLowerCase();
  await throttle.check(emailKey, input.clientAddress);
  const domain = await ctx.db
    .selectFrom("sso_domains")
    .innerJoin("sso_configs", "sso_configs.account_id", "sso_domains.account_id")
    .select("sso_domains.account_id")
    .where("sso_domains.domain", "=", domainOf(emailKey))
    .where("sso_configs.enabled", "=", 1)
    .executeTakeFirst();
  const settings = domain && (await loadSsoSettings(ctx.db, domain.account_id));
  // Only a domain the account has proven (its DNS record found) routes sign-ins.
  if (!settings?.domains.includes(domainOf(emailKey))) {
    // Probing domains counts like a wrong password; people of a set-up domain never add up.
    await throttle.recordFailure(emailKey, input.clientAddress);
    throw new ServiceError("invalid", SSO_NOT_SET_UP);
  }
  let provider: oidc.Configuration;
  try {
    provider = await discoverProvider(ctx, {
      issuer: settings.issuer,
      clientId: settings.client_id,
      clientSecret: ctx.secrets.open(
        settings.client_secret_sealed,
        clientSecretPlace(settings.account_id),
      ),
    });
  } catch (error) {
    throw new ServiceError(
      "unavailable",
      "Your organisation's sign-in provider cannot be reached right now; try again in a while.",
      { cause: error },
    );
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = ctx.now();
  await ctx.transact(async (trx) => {
    await trx.deleteFrom("sso_attempts").where("expires_at", "<", now).execute();
    await trx
      .insertInto("sso_attempts")
      .values({
        state_hash: hashToken(state),
        account_id: settings.account_id,
        nonce,
        code_verifier: codeVerifier,
        created_at: now,
        expires_at: now + SSO_ATTEMPT_LIFETIME_MS,
      })
      .execute();
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: ctx.redirectUri,
    scope: "openid email profile",
    response_type: "code",
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    login_hint: input.email,
  });
  return { redirectUrl: url.href };
}
