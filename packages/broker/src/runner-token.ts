/** Every runner token starts with this, so a leaked one is easy to recognise. */
export const RUNNER_TOKEN_PREFIX = "upr_";

const TOKEN = /^upr_(run_[a-z2-7]{16})_([A-Za-z0-9_-]{43})$/;

/** The runner id inside a well-formed runner token, or undefined for anything else. */
export function runnerIdOfToken(token: string): string | undefined {
  return TOKEN.exec(token)?.[1];
}
