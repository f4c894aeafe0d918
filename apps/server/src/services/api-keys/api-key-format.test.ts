import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, keyMatchesHash, lookupOf } from "./api-key-format.ts";

describe("the API key format", () => {
  it("starts with uw_ and carries 240 random bits", () => {
    const { key, lookup, hash } = generateApiKey();
    expect(key).toMatch(/^uw_[A-Za-z0-9_-]{40}$/);
    expect(lookupOf(key)).toBe(lookup);
    expect(hash).toBe(hashApiKey(key));
    expect(generateApiKey().key).not.toBe(key);
  });

  it("matches only the key it was made from", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 30, maxLength: 30 }), (bytes) => {
        const made = generateApiKey(() => Buffer.from(bytes));
        expect(keyMatchesHash(made.key, made.hash)).toBe(true);
        const other = `${made.key.slice(0, -1)}${made.key.endsWith("A") ? "B" : "A"}`;
        expect(keyMatchesHash(other, made.hash)).toBe(false);
      }),
    );
  });

  it("does not find a lookup in text that is not a key", () => {
    expect(lookupOf("uw_short")).toBeUndefined();
    expect(lookupOf(`xx_${"a".repeat(40)}`)).toBeUndefined();
  });
});
