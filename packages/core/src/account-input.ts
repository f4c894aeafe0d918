import { z } from "zod";
import { emailAddressSchema } from "./forms.ts";
import { storableText } from "./storable-text.ts";
import { API_KEY_SCOPES } from "./team/roles.ts";

/** How long a password may be, in characters. */
export const PASSWORD_LIMITS = { min: 10, max: 200 } as const;

const newPassword = z
  .string({ message: `Choose a password of at least ${PASSWORD_LIMITS.min} characters.` })
  .check(storableText("The password"))
  .min(PASSWORD_LIMITS.min, {
    message: `The password must be at least ${PASSWORD_LIMITS.min} characters long.`,
  })
  .max(PASSWORD_LIMITS.max, {
    message: `The password must be at most ${PASSWORD_LIMITS.max} characters long.`,
  });

/** A password being checked, not chosen: any non-empty text up to a bound. */
const presentedPassword = (what: string) =>
  z
    .string({ message: `Enter ${what}.` })
    .check(storableText("The password"))
    .min(1, { message: `Enter ${what}.` })
    .max(1000, { message: "That password is too long." });

/** `POST /api/v1/auth/register`. */
export const registerSchema = z.object({ email: emailAddressSchema, password: newPassword });
export type RegisterInput = z.infer<typeof registerSchema>;

/** `POST /api/v1/auth/login`. */
export const loginSchema = z.object({
  email: z
    .string({ message: "Enter your e-mail address." })
    .check(storableText("The e-mail address"))
    .trim()
    .min(1, { message: "Enter your e-mail address." })
    .max(254, { message: "That e-mail address is too long." }),
  password: presentedPassword("your password"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/v1/auth/password-reset`. */
export const passwordResetRequestSchema = z.object({ email: emailAddressSchema });

/** `POST /api/v1/auth/password-reset/complete`. */
export const passwordResetCompleteSchema = z.object({
  token: z
    .string({ message: "The reset link is incomplete; open the link from the mail again." })
    .check(storableText("The reset link"))
    .min(1, { message: "The reset link is incomplete; open the link from the mail again." })
    .max(200, { message: "The reset link is not valid; open the link from the mail again." }),
  password: newPassword,
});

/** `PATCH /api/v1/auth/email`. */
export const changeEmailSchema = z.object({
  email: emailAddressSchema,
  current_password: presentedPassword("your current password"),
});

/** `PATCH /api/v1/auth/password`. */
export const changePasswordSchema = z.object({
  current_password: presentedPassword("your current password"),
  new_password: newPassword,
});

/** `DELETE /api/v1/account`. */
export const deleteAccountSchema = z.object({
  confirm_email: z
    .string({ message: "Type your account e-mail address exactly to confirm." })
    .check(storableText("The e-mail address"))
    .max(254, { message: "Type your account e-mail address exactly to confirm." }),
});

/** `POST /api/v1/api-keys`. */
/** The longest name an API key may have. */
export const API_KEY_NAME_MAX = 100;

export const createApiKeySchema = z.object({
  name: z
    .string({ message: `Give the key a name of 1 to ${API_KEY_NAME_MAX} characters.` })
    .check(storableText("The key name"))
    .trim()
    .min(1, { message: `Give the key a name of 1 to ${API_KEY_NAME_MAX} characters.` })
    .max(API_KEY_NAME_MAX, {
      message: `The key name must be 1 to ${API_KEY_NAME_MAX} characters.`,
    }),
  /** `read` keys may only read; `full` keys (the default, as before scopes) may do what an admin may. */
  scope: z
    .enum(API_KEY_SCOPES, {
      message: "The key's scope must be read (read only) or full (full access).",
    })
    .default("full"),
});
