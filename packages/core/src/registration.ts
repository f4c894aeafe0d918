/**
 * Who may give themselves a sign-in on a server (REGISTRATION): anyone; only the first person,
 * who then owns the server, and after that only a person holding an invitation; only a person
 * holding an invitation; or nobody (the operator creates accounts with the admin command).
 */
export const REGISTRATION_MODES = ["open", "first-account", "invite-only", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** What registration allows at this moment: `first-account` is `open` until the server has an owner. */
export type RegistrationNow = Exclude<RegistrationMode, "first-account">;

/** Whether the text is one of the registration modes. */
export function isRegistrationMode(value: string): value is RegistrationMode {
  return (REGISTRATION_MODES as readonly string[]).includes(value);
}

/** What registration allows now, given whether the server already has its owner. */
export function registrationNow(mode: RegistrationMode, hasOwner: boolean): RegistrationNow {
  if (mode !== "first-account") return mode;
  return hasOwner ? "invite-only" : "open";
}

/** What the site and the app say instead of offering sign-up, for each mode that refuses it. */
export const REGISTRATION_NOTICES: Record<Exclude<RegistrationNow, "open">, string> = {
  "invite-only":
    "Registration is by invitation only: ask an owner or admin of the account you want to join to invite you.",
  closed: "Sign-ups are closed on this server: ask its operator to create an account for you.",
};
