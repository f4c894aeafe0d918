import { describe, expect, it } from "vitest";
import { EARLIER_PASSWORD, EARLIER_SCRYPT_HASH } from "../../../test/earlier-password-hash.ts";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "./password-hash.ts";

describe("password hashing", () => {
  it("stores a self-describing argon2id hash with today's cost and its own salt, never the password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(first).not.toContain("horse");
    expect(passwordNeedsRehash(first)).toBe(false);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("refuses every password when there is no hash or the hash is damaged", async () => {
    expect(await verifyPassword("anything at all", null)).toBe(false);
    expect(await verifyPassword("anything at all", "plain text")).toBe(false);
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored.slice(0, -4))).toBe(false);
    expect(await verifyPassword(EARLIER_PASSWORD, EARLIER_SCRYPT_HASH.slice(0, -4))).toBe(false);
  });

  it("still accepts a hash stored in the earlier scrypt format, and says it should be redone", async () => {
    expect(await verifyPassword(EARLIER_PASSWORD, EARLIER_SCRYPT_HASH)).toBe(true);
    expect(await verifyPassword(`${EARLIER_PASSWORD}!`, EARLIER_SCRYPT_HASH)).toBe(false);
    expect(passwordNeedsRehash(EARLIER_SCRYPT_HASH)).toBe(true);
    // The same salt and key under another cost no longer match: the cost is part of the hash.
    const cheaper = EARLIER_SCRYPT_HASH.replace("ln=15", "ln=14");
    expect(await verifyPassword(EARLIER_PASSWORD, cheaper)).toBe(false);
  });

  it("says an argon2id hash with a lower cost than today's should be redone", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(passwordNeedsRehash(stored.replace("m=19456,t=2", "m=9216,t=2"))).toBe(true);
    expect(passwordNeedsRehash(stored.replace("t=2,p=1", "t=1,p=1"))).toBe(true);
  });

  it("treats the same letters in composed and decomposed form as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait please");
    expect(await verifyPassword("cafe\u0301 au lait please", stored)).toBe(true);
  });
});
