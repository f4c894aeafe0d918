import { describe, expect, it } from "vitest";
import { hashPassword, passwordNeedsRehash, verifyPassword } from "./password-hash.ts";

describe("password hashing", () => {
  it("stores a self-describing scrypt hash with its own salt, never the password", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{86}$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain("horse");
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
  });

  it("still checks hashes made with other costs, and says they should be redone", async () => {
    const stored = await hashPassword("correct horse battery");
    const cheaper = stored.replace("ln=15", "ln=14");
    expect(passwordNeedsRehash(stored)).toBe(false);
    expect(passwordNeedsRehash(cheaper)).toBe(true);
    // The same salt and key under another cost no longer match: the cost is part of the hash.
    expect(await verifyPassword("correct horse battery", cheaper)).toBe(false);
  });

  it("treats the same letters in composed and decomposed form as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait please");
    expect(await verifyPassword("cafe\u0301 au lait please", stored)).toBe(true);
  });
});
