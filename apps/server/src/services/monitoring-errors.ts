import { RequestError } from "../http/problem.ts";

/** The thing asked for does not exist, or belongs to another account (which looks the same). */
export class NotFoundError extends RequestError {
  constructor(what: string) {
    super(404, `There is no ${what} with that id.`);
  }
}

/** The account's plan does not allow what was asked; the detail says what would. */
export class PlanLimitError extends RequestError {
  constructor(detail: string) {
    super(403, detail);
  }
}

/** The input is not valid; the detail names the problem. */
export class InvalidInputError extends RequestError {
  constructor(detail: string) {
    super(400, detail);
  }
}
