/** A refusal the fake answers in Stripe's shape: `{ error: { type, message, code, param } }`. */
export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }

  get body() {
    return {
      error: {
        type: this.details.type ?? "invalid_request_error",
        message: this.message,
        ...(this.details.code ? { code: this.details.code } : {}),
        ...(this.details.param ? { param: this.details.param } : {}),
      },
    };
  }
}

/** Stripe's answer for an id it does not hold. */
export function noSuch(kind: string, id: string, param = "id"): StripeFakeError {
  return new StripeFakeError(404, `No such ${kind}: '${id}'`, { code: "resource_missing", param });
}

/** Stripe's answer for a missing or malformed parameter. */
export function badParameter(param: string, message: string): StripeFakeError {
  return new StripeFakeError(400, message, { code: "parameter_invalid", param });
}
