import type { LoginThrottle } from "../auth/login-throttle.ts";

/**
 * Runs a check of a code or a password under the sign-in throttle. The attempt is counted as a
 * failure before the check (so parallel guesses cannot all pass the limit at once) and refused
 * once the person's address or the client's is over its limit; a right answer clears the
 * address's count and takes the attempt back from the client's.
 */
export async function throttledSecondFactor<T>(
  throttle: LoginThrottle,
  who: { emailKey: string; clientAddress: string },
  check: () => Promise<T>,
): Promise<T> {
  await throttle.claim(who.emailKey, who.clientAddress);
  const result = await check();
  await throttle.recordClaimedSuccess(who.emailKey, who.clientAddress);
  return result;
}
