/**
 * Who may give themselves a sign-in on a server (REGISTRATION): anyone, only a person holding an
 * invitation, or nobody (the operator creates accounts with the admin command).
 */
export const REGISTRATION_MODES = ["open", "invite-only", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** Whether the text is one of the registration modes. */
export function isRegistrationMode(value: string): value is RegistrationMode {
  return (REGISTRATION_MODES as readonly string[]).includes(value);
}

/** What the site and the app say instead of offering sign-up, for each mode that refuses it. */
export const REGISTRATION_NOTICES: Record<Exclude<RegistrationMode, "open">, string> = {
  "invite-only":
    "Registration is by invitation only: ask an owner or admin of the account you want to join to invite you.",
  closed: "Sign-ups are closed on this server: ask its operator to create an account for you.",
};
