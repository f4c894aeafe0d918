import { storableText } from "@upwatch/core";
import { z } from "zod";
import { signedInResponse } from "./auth-schemas.ts";

const code = z
  .string({ message: "Enter the 6-digit code from your authenticator app." })
  .check(storableText("The code"))
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .regex(/^\d{6}$/, { message: "The code is the 6 digits your authenticator app shows." }),
  );

const recoveryCode = z
  .string({ message: "Enter one of your recovery codes." })
  .check(storableText("The recovery code"))
  .trim()
  .min(1, { message: "Enter one of your recovery codes." })
  .max(40, { message: "A recovery code looks like abcde-12345." });

const password = z
  .string({ message: "Enter your password." })
  .check(storableText("The password"))
  .min(1, { message: "Enter your password." })
  .max(1000, { message: "That password is too long." });

const challenge = z
  .string({ message: "The sign-in has expired; enter your e-mail address and password again." })
  .check(storableText("The sign-in"))
  .min(1, { message: "The sign-in has expired; enter your e-mail address and password again." })
  .max(200, { message: "The sign-in has expired; enter your e-mail address and password again." });

/** A code from the authenticator app, or one recovery code instead. */
const secondFactor = z
  .object({ code: code.optional(), recovery_code: recoveryCode.optional() })
  .refine((value) => (value.code === undefined) !== (value.recovery_code === undefined), {
    message: "Enter either the code from your authenticator app or one recovery code.",
  });

/** Request bodies of two-factor sign-in, the owner's security setting and sessions. */
export const twoFactorRequestSchemas = {
  setUp: z.object({ password }),
  enable: z.object({ code }),
  disable: z.intersection(z.object({ password }), secondFactor),
  regenerateRecoveryCodes: z.intersection(z.object({ password }), secondFactor),
  loginSecondStep: z.intersection(z.object({ challenge }), secondFactor),
  loginEnrolmentSetup: z.object({ challenge }),
  loginEnrolmentEnable: z.object({ challenge, code }),
  accountSecurity: z.object({
    require_two_factor: z.boolean({
      message: "Say whether everyone must use two-factor sign-in (true or false).",
    }),
  }),
};

/** What a sign-in answers when a second step comes before the session. */
export const secondStepResponse = z.object({
  two_factor_required: z
    .boolean()
    .optional()
    .describe("A code (or recovery code) is needed: send it to /auth/login/two-factor."),
  two_factor_setup_required: z
    .boolean()
    .optional()
    .describe(
      "The account requires two-factor sign-in: set it up through /auth/login/two-factor/setup.",
    ),
  challenge: z.string().describe("Identifies this sign-in for ten minutes and five attempts."),
});

/** A sign-in that also finished linking the address to an organisation's single sign-on. */
const ssoLinked = {
  sso_linked_to: z
    .string()
    .optional()
    .describe(
      "Present when this sign-in linked the address to an organisation's single sign-on (after a refused sign-in through it in this browser): the organisation's name.",
    ),
};

/** `POST /auth/login`: the session, or the second step it needs first. */
export const loginResponse = z.union([signedInResponse.extend(ssoLinked), secondStepResponse]);

/** A new secret to add to an authenticator app. */
export const twoFactorSetupResponse = z.object({
  otpauth_uri: z.string().describe("The otpauth:// address the QR code holds."),
  qr_code: z.string().describe("The QR code as an SVG data URL."),
  secret: z.string().describe("The secret in base32, to type in by hand."),
});

export const recoveryCodesResponse = z.object({
  recovery_codes: z
    .array(z.string())
    .describe("Ten single-use codes (xxxxx-xxxxx): shown in this answer only, never again."),
});

/** `POST /auth/login/two-factor`: the session, as a sign-in answers it. */
export const signedInAfterSecondStep = signedInResponse.extend(ssoLinked);

/** `POST /auth/login/two-factor/enable`: the session and the new recovery codes. */
export const enrolledResponse = signedInResponse
  .extend(recoveryCodesResponse.shape)
  .extend(ssoLinked);

export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  required_by: z
    .array(z.string())
    .describe("Names of the person's accounts that require two-factor sign-in."),
});

export const accountSecurityResponse = z.object({
  require_two_factor: z.boolean(),
  can_change: z.boolean().describe("Whether you may change it: only the account's owner may."),
});
export type AccountSecurity = z.output<typeof accountSecurityResponse>;

export const sessionResponse = z.object({
  id: z.string(),
  device: z.string().describe("Browser and system, e.g. “Chrome on Linux”."),
  ip_address: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  method: z.string().describe("password, two-factor or sso"),
  current: z.boolean(),
});
export const sessionListResponse = z.object({ data: z.array(sessionResponse) });

export type TwoFactorSetup = z.output<typeof twoFactorSetupResponse>;
export type TwoFactorStatus = z.output<typeof twoFactorStatusResponse>;
export type SecondStep = z.output<typeof secondStepResponse>;
export type LoginAnswer = z.output<typeof loginResponse>;
export type SessionDevice = z.output<typeof sessionResponse>;
