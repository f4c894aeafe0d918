import { queryOptions } from "@tanstack/react-query";
import type { SsoConfigInput } from "@upwatch/api";
import { type AnswerOf, call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";

/** The account's single sign-on settings as the API answers them. */
export type SsoConfig = AnswerOf<"getSso">;

export const ssoConfigKey = ["sso-config"] as const;

/** The account's single sign-on settings (never the client secret). */
export const ssoConfigQuery = () =>
  queryOptions({
    queryKey: ssoConfigKey,
    queryFn: () => call(OP.getSso),
  });

export function saveSsoConfig(input: SsoConfigInput): Promise<SsoConfig> {
  return call(OP.putSso, { body: input });
}

/** Looks the domain's TXT record up now; the answer holds the domain's new state. */
export function verifySsoDomain(domain: string): Promise<SsoConfig> {
  return call(OP.verifySsoDomain, { params: { domain } });
}

export function removeSsoConfig(): Promise<void> {
  return call(OP.deleteSso);
}

/** Where the browser goes to sign in through the provider of the address's domain. */
export async function startSsoSignIn(email: string): Promise<string> {
  const answer = await call(OP.startSso, { body: { email } });
  return answer.redirect_url;
}
