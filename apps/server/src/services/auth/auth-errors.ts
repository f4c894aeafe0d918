import { RequestError } from "../../http/problem.ts";

/** No valid session: the app shows its sign-in screen. */
export class NotSignedInError extends RequestError {
  constructor() {
    super(401, "You are not signed in.");
  }
}

/** The same answer for an unknown address and a wrong password, so neither can be told apart. */
export class WrongCredentialsError extends RequestError {
  constructor() {
    super(401, "The e-mail address or password is not correct.");
  }
}

/** The password given to confirm a change is not the user's. */
export class WrongCurrentPasswordError extends RequestError {
  constructor() {
    super(403, "The current password is not correct.");
  }
}

/** Another user already signs in with the address. */
export class EmailTakenError extends RequestError {
  constructor(
    detail = "An account already uses that e-mail address. Log in or reset your password.",
  ) {
    super(409, detail);
  }
}

/** Too many failed sign-ins; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManySignInAttemptsError extends RequestError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `Too many sign-in attempts. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    );
  }
}

/** A reset link that is unknown, expired or already used. */
export class ResetLinkExpiredError extends RequestError {
  constructor() {
    super(400, "This reset link has expired or was already used. Ask for a new one.");
  }
}
