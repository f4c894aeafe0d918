import { storableText } from "@upwatch/core";
import { z } from "zod";
import type { ApiOperation } from "./api-operation.ts";
import { domainVerificationResponse } from "./domain-verification-schemas.ts";

const DOMAIN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const domain = z
  .string({ message: "Each domain must be text such as example.com." })
  .check(storableText("A domain"))
  .trim()
  .toLowerCase()
  .regex(DOMAIN, { message: "Each domain must be a mail domain such as example.com." });

/** `PUT /api/v1/account/sso`: the account's OpenID Connect provider and who signs in through it. */
export const ssoConfigInput = z.object({
  issuer: z
    .string({ message: "Enter the provider's issuer URL." })
    .check(storableText("The issuer"))
    .trim()
    .max(500, { message: "The issuer URL is too long." })
    .url({ message: "The issuer must be a URL such as https://login.example.com." }),
  client_id: z
    .string({ message: "Enter the client id the provider gave you." })
    .check(storableText("The client id"))
    .trim()
    .min(1, { message: "Enter the client id the provider gave you." })
    .max(300, { message: "The client id is too long." }),
  client_secret: z
    .string()
    .check(storableText("The client secret"))
    .min(1, { message: "The client secret cannot be empty; leave it out to keep the stored one." })
    .max(1000, { message: "The client secret is too long." })
    .optional()
    .describe("Write-only; leave it out to keep the stored secret."),
  domains: z
    .array(domain, { message: "List the mail domains as an array." })
    .min(1, { message: "Name at least one mail domain whose people sign in here." })
    .max(50, { message: "At most 50 domains can be listed." }),
  default_role: z.enum(["admin", "member", "viewer", "custom"], {
    message: "The default role must be admin, member, viewer or custom.",
  }),
  default_custom_role_id: z
    .string()
    .check(storableText("The custom role id"))
    .max(100)
    .nullable()
    .optional(),
  required: z.boolean({ message: "Say whether single sign-on is required (true or false)." }),
});
export type SsoConfigInput = z.infer<typeof ssoConfigInput>;

/** The account's single sign-on settings; the client secret is never shown. */
export const ssoConfigResponse = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_set: z.boolean(),
  domains: z.array(z.string()).describe("The listed domains, verified or not."),
  domain_verifications: z
    .array(domainVerificationResponse)
    .describe("Each listed domain's proof; only verified domains sign people in."),
  default_role: z.string().nullable(),
  default_custom_role_id: z.string().nullable(),
  required: z.boolean(),
  redirect_uri: z.string().describe("Register this redirect URI with the provider."),
});

/** `POST /api/v1/account/sso/domains/{domain}/verify`. */
export const ssoDomainParams = z.object({ domain });

/** `POST /api/v1/auth/sso/start`. */
export const ssoStartInput = z.object({
  email: z
    .string({ message: "Enter your e-mail address." })
    .check(storableText("The e-mail address"))
    .trim()
    .min(3, { message: "Enter your e-mail address." })
    .max(254, { message: "That e-mail address is too long." })
    .regex(/^[^@\s]+@[^@\s]+$/, { message: "Enter an e-mail address such as ada@example.com." }),
});

/** `GET /api/v1/auth/sso/callback`: what the provider sends back (read loosely, checked by the verb). */
export const ssoCallbackQuery = z
  .object({
    state: z.string().max(500).optional(),
    code: z.string().max(4000).optional(),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .passthrough();

/** Single sign-on: the account's provider, and signing in through it. */
export const SSO_OPERATIONS = {
  getSso: {
    method: "GET",
    url: "/account/sso",
    permission: "view",
    summary: "The account's single sign-on settings (the client secret is never shown)",
    tag: "Security",
    status: 200,
    response: ssoConfigResponse,
  },
  putSso: {
    method: "PUT",
    url: "/account/sso",
    permission: "account.own",
    summary: "Set up or change single sign-on (OpenID Connect); the issuer is checked first",
    tag: "Security",
    access: "session",
    body: ssoConfigInput,
    status: 200,
    response: ssoConfigResponse,
    conflict: "Another account has proven one of the domains",
  },
  deleteSso: {
    method: "DELETE",
    url: "/account/sso",
    permission: "account.own",
    summary: "Turn single sign-on off; everyone signs in with a password again",
    tag: "Security",
    access: "session",
    status: 204,
  },
  verifySsoDomain: {
    method: "POST",
    url: "/account/sso/domains/:domain/verify",
    permission: "account.own",
    summary:
      "Look up the domain's DNS TXT record now; once found the domain signs people in through single sign-on",
    tag: "Security",
    access: "session",
    params: ssoDomainParams,
    status: 200,
    response: ssoConfigResponse,
    conflict: "Another account has already proven the domain",
  },
  startSso: {
    method: "POST",
    url: "/auth/sso/start",
    summary: "Begin signing in through the provider of the address's domain",
    tag: "Sign-in",
    access: "public",
    body: ssoStartInput,
    status: 200,
    response: z.object({
      redirect_url: z.string().describe("Send the browser here; it returns to the callback."),
    }),
  },
  ssoCallback: {
    method: "GET",
    url: "/auth/sso/callback",
    summary: "Where the provider returns the browser; signs in and redirects to the app",
    tag: "Sign-in",
    access: "public",
    query: ssoCallbackQuery,
    status: 303,
  },
} as const satisfies Record<string, ApiOperation>;
