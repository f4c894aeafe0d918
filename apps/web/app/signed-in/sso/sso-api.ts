import { queryOptions } from "@tanstack/react-query";
import type { SsoConfigInput, ssoConfigResponse } from "@upwatch/api";
import type { z } from "zod";
import { apiRequest } from "../api-client.ts";

/** The account's single sign-on settings as the API answers them. */
export type SsoConfig = z.output<typeof ssoConfigResponse>;

export const ssoConfigKey = ["sso-config"] as const;

/** The account's single sign-on settings (never the client secret). */
export const ssoConfigQuery = () =>
  queryOptions({
    queryKey: ssoConfigKey,
    queryFn: () => apiRequest<SsoConfig>("GET", "/account/sso"),
  });

export function saveSsoConfig(input: SsoConfigInput): Promise<SsoConfig> {
  return apiRequest<SsoConfig>("PUT", "/account/sso", input);
}

/** Looks the domain's TXT record up now; the answer holds the domain's new state. */
export function verifySsoDomain(domain: string): Promise<SsoConfig> {
  return apiRequest<SsoConfig>("POST", `/account/sso/domains/${encodeURIComponent(domain)}/verify`);
}

export function removeSsoConfig(): Promise<void> {
  return apiRequest<void>("DELETE", "/account/sso");
}

/** Where the browser goes to sign in through the provider of the address's domain. */
export async function startSsoSignIn(email: string): Promise<string> {
  const answer = await apiRequest<{ redirect_url: string }>("POST", "/auth/sso/start", { email });
  return answer.redirect_url;
}
