import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TooManySignInAttemptsError } from "./auth-errors.ts";
import { LOGIN_LIMITS, LoginThrottle } from "./login-throttle.ts";

async function refusal(throttle: LoginThrottle, email: string, address: string) {
  try {
    await throttle.check(email, address);
    return undefined;
  } catch (error) {
    if (error instanceof TooManySignInAttemptsError) return error;
    throw error;
  }
}

describe("the sign-in throttle", () => {
  it("never refuses before the limit and always refuses at it until the window ends", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 40 }),
        async (gaps) => {
          let clock = 0;
          const throttle = new LoginThrottle(() => clock);
          let failures = 0;
          let windowEnds = 0;
          for (const gap of gaps) {
            clock += gap;
            if (clock >= windowEnds) failures = 0;
            const refused = await refusal(throttle, "a@example.com", "127.0.0.1");
            expect(Boolean(refused)).toBe(failures >= LOGIN_LIMITS.perEmail);
            if (refused) {
              expect(refused.retryAfterSeconds).toBe(Math.ceil((windowEnds - clock) / 1000));
              continue;
            }
            if (failures === 0) windowEnds = clock + LOGIN_LIMITS.windowMs;
            await throttle.recordFailure("a@example.com", "127.0.0.1");
            failures += 1;
          }
        },
      ),
    );
  });

  it("clears an address's count on success but keeps the client's", async () => {
    const throttle = new LoginThrottle(() => 0, { perEmail: 2, perAddress: 3, windowMs: 1000 });
    await throttle.recordFailure("a@example.com", "127.0.0.1");
    await throttle.recordFailure("a@example.com", "127.0.0.1");
    expect(await refusal(throttle, "a@example.com", "127.0.0.2")).toBeDefined();
    await throttle.recordSuccess("a@example.com");
    expect(await refusal(throttle, "a@example.com", "127.0.0.2")).toBeUndefined();
    await throttle.recordFailure("b@example.com", "127.0.0.1");
    expect((await refusal(throttle, "c@example.com", "127.0.0.1"))?.message).toBe(
      "Too many sign-in attempts. Wait 1 minute and try again.",
    );
  });

  it("counts an attempt before it is checked, so attempts at once never pass the limit together", async () => {
    const throttle = new LoginThrottle(() => 0);
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, () => throttle.claim("a@example.com", "127.0.0.1")),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled").length).toBeLessThanOrEqual(
      LOGIN_LIMITS.perEmail,
    );
    await expect(throttle.claim("a@example.com", "127.0.0.1")).rejects.toBeInstanceOf(
      TooManySignInAttemptsError,
    );
  });

  it("gives a right attempt back to the client, so people signing in right from one network are not held up", async () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 5; i++) {
      await throttle.claim(`person${i}@example.com`, "127.0.0.1");
      await throttle.recordClaimedSuccess(`person${i}@example.com`, "127.0.0.1");
    }
    expect(await refusal(throttle, "someone@example.com", "127.0.0.1")).toBeUndefined();
  });
});
