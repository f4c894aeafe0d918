/**
 * What went wrong, in the domain's words; the HTTP layer turns each into a status.
 * - invalid: the input cannot be used as given.
 * - unauthenticated: no valid session or key, or credentials that do not match.
 * - forbidden: known, but not allowed to do this.
 * - not-found: nothing with that id in the account.
 * - conflict: the current state does not allow it (already exists, paused, resolved).
 * - plan-limit: the account's plan does not include it.
 * - rate-limited: too many attempts; `retryAfterSeconds` says when to come back, when known.
 * - unavailable: the server cannot do it right now; trying again later may succeed.
 */
export type ServiceErrorCode =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "plan-limit"
  | "rate-limited"
  | "unavailable";

export interface ServiceErrorOptions {
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** A refusal whose message is a sentence meant for the person who asked. */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(message, "cause" in options ? { cause: options.cause } : undefined);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The thing asked for does not exist, or belongs to another account (which looks the same). */
export class NotFoundError extends ServiceError {
  constructor(what: string) {
    super("not-found", `There is no ${what} with that id.`);
  }
}
