import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agentKeyDisplayPrefix,
  agentKeyLookupOf,
  agentKeyMatchesHash,
  generateAgentKey,
  hashAgentKey,
} from "./agent-key-format.ts";

describe("the agent key format", () => {
  it("starts with uwa_ and carries 240 random bits", () => {
    const { key, lookup, hash } = generateAgentKey();
    expect(key).toMatch(/^uwa_[A-Za-z0-9_-]{40}$/);
    expect(agentKeyLookupOf(key)).toBe(lookup);
    expect(lookup).toHaveLength(12);
    expect(agentKeyDisplayPrefix(lookup)).toBe(key.slice(0, 16));
    expect(hash).toBe(hashAgentKey(key));
    expect(generateAgentKey().key).not.toBe(key);
  });

  it("matches only the key it was made from", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 30, maxLength: 30 }), (bytes) => {
        const made = generateAgentKey(() => Buffer.from(bytes));
        expect(agentKeyMatchesHash(made.key, made.hash)).toBe(true);
        const other = `${made.key.slice(0, -1)}${made.key.endsWith("A") ? "B" : "A"}`;
        expect(agentKeyMatchesHash(other, made.hash)).toBe(false);
      }),
    );
  });

  it("does not find a lookup in text that is not an agent key", () => {
    expect(agentKeyLookupOf("uwa_short")).toBeUndefined();
    expect(agentKeyLookupOf(`uw_${"a".repeat(40)}`)).toBeUndefined();
    expect(agentKeyLookupOf(`uwa_${"a".repeat(39)}!`)).toBeUndefined();
  });
});
