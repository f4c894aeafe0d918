import * as oidc from "openid-client";
import { ServiceError } from "../service-error.ts";
import type { SsoContext } from "./sso-context.ts";

const DISCOVERY_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The provider an account signs in through, as stored (secret opened). */
export interface SsoProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Whether the issuer is a plain-http address on this machine (accepted only when allowed). */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname);
}

/** Refuses issuers the server would not talk to: anything but https, save allowed loopback. */
export function checkIssuerAddress(ctx: Pick<SsoContext, "allowLoopbackIssuers">, issuer: string) {
  const url = new URL(issuer);
  if (url.protocol === "https:") return;
  if (ctx.allowLoopbackIssuers && isLoopbackHttp(url)) return;
  throw new ServiceError("invalid", "The issuer must be an https:// address.");
}

/**
 * Reads the provider's discovery document and describes the client to it. ID tokens have their
 * signature checked against the provider's published keys as well as their issuer, audience and
 * nonce. Plain http is allowed only for a loopback issuer the server was told to accept.
 */
export async function discoverProvider(
  ctx: Pick<SsoContext, "allowLoopbackIssuers">,
  settings: SsoProviderSettings,
): Promise<oidc.Configuration> {
  checkIssuerAddress(ctx, settings.issuer);
  const url = new URL(settings.issuer);
  const execute = [oidc.enableNonRepudiationChecks];
  if (isLoopbackHttp(url)) execute.push(oidc.allowInsecureRequests);
  try {
    return await oidc.discovery(
      url,
      settings.clientId,
      settings.clientSecret,
      oidc.ClientSecretPost(settings.clientSecret),
      { execute, timeout: DISCOVERY_TIMEOUT_SECONDS },
    );
  } catch (error) {
    throw new ServiceError(
      "invalid",
      "The issuer could not be reached or is not an OpenID Connect provider; check its URL.",
      { cause: error },
    );
  }
}
