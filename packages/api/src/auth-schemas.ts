import {
  API_KEY_SCOPES,
  changeEmailSchema,
  changePasswordSchema,
  createApiKeySchema,
  deleteAccountSchema,
  loginSchema,
  PERMISSIONS,
  PLAN_IDS,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  ROLES,
  registerSchema,
} from "@upwatch/core";
import { z } from "zod";

/** Request bodies of the sign-in, account and API-key operations. */
export const authRequestSchemas = {
  register: registerSchema,
  login: loginSchema,
  requestPasswordReset: passwordResetRequestSchema,
  completePasswordReset: passwordResetCompleteSchema,
  changeEmail: changeEmailSchema,
  changePassword: changePasswordSchema,
  deleteAccount: deleteAccountSchema,
  createApiKey: createApiKeySchema,
};

const isoTime = z.string().describe("ISO 8601 time");

export const userResponse = z.object({ id: z.string(), email: z.string() });

/** The signed-in person's role in the session's account and what it allows. */
export const membershipResponse = z.object({
  role: z.enum([...ROLES, "custom"]),
  role_name: z
    .string()
    .describe("The role's name: Owner, Admin, Member, Viewer or a custom role's"),
  permissions: z.array(z.enum(PERMISSIONS)).describe("What the person may do in the account"),
});

export const signedInResponse = z.object({
  user: userResponse,
  account: z.object({ id: z.string(), name: z.string(), plan: z.enum(PLAN_IDS) }),
  membership: membershipResponse,
  accounts: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(["owner", "admin", "member", "viewer", "custom"]),
      }),
    )
    .describe("Every account the person belongs to, with their role in it."),
  csrf_token: z
    .string()
    .describe("Send it as X-CSRF-Token with every POST, PUT, PATCH and DELETE of this session."),
});

export const changedEmailResponse = z.object({ user: userResponse });

export const messageResponse = z.object({ message: z.string() });

export const apiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The key's first characters (uw_ and 12 more), to recognise it."),
  scope: z
    .enum(API_KEY_SCOPES)
    .describe(
      "`read`: may only read; `full`: may do everything an admin may (keys made before scopes).",
    ),
  created_at: isoTime,
  last_used_at: isoTime.nullable(),
  revoked_at: isoTime.nullable(),
});
export const apiKeyListResponse = z.object({ data: z.array(apiKeyResponse) });
export const createdApiKeyResponse = apiKeyResponse.extend({
  key: z.string().describe("The whole key: shown in this answer only, never again."),
});
