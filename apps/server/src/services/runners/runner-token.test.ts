import { describe, expect, it } from "vitest";
import { newRunnerId, newRunnerToken, tokenMatchesHash } from "./runner-token.ts";

describe("runner ids and tokens", () => {
  it("spell 80 random bits as 16 lowercase base-32 characters", () => {
    expect(newRunnerId(() => Buffer.alloc(10, 0))).toBe("run_aaaaaaaaaaaaaaaa");
    expect(newRunnerId(() => Buffer.alloc(10, 0xff))).toBe("run_7777777777777777");
    expect(newRunnerId()).toMatch(/^run_[a-z2-7]{16}$/);
  });

  it("match only the token they were made from", () => {
    const { token, hash } = newRunnerToken("run_aaaaaaaaaaaaaaaa");
    expect(tokenMatchesHash(token, hash)).toBe(true);
    expect(tokenMatchesHash(`${token}x`, hash)).toBe(false);
    expect(tokenMatchesHash(token, "not hex")).toBe(false);
  });
});
