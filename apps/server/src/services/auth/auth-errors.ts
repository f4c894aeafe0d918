import { ServiceError } from "../service-error.ts";

/** No valid session: the app shows its sign-in screen. */
export class NotSignedInError extends ServiceError {
  constructor() {
    super("unauthenticated", "You are not signed in.");
  }
}

/** The same answer for an unknown address and a wrong password, so neither can be told apart. */
export class WrongCredentialsError extends ServiceError {
  constructor() {
    super("unauthenticated", "The e-mail address or password is not correct.");
  }
}

/** The password given to confirm a change is not the user's. */
export class WrongCurrentPasswordError extends ServiceError {
  constructor() {
    super("forbidden", "The current password is not correct.");
  }
}

/** Another user already signs in with the address. */
export class EmailTakenError extends ServiceError {
  constructor(
    detail = "An account already uses that e-mail address. Log in or reset your password.",
  ) {
    super("conflict", detail);
  }
}

/** Too many failed sign-ins; the answer says how long to wait. */
export class TooManySignInAttemptsError extends ServiceError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      "rate-limited",
      `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { retryAfterSeconds },
    );
  }
}

/** A reset link that is unknown, expired or already used. */
export class ResetLinkExpiredError extends ServiceError {
  constructor() {
    super("invalid", "This reset link has expired or was already used. Ask for a new one.");
  }
}
