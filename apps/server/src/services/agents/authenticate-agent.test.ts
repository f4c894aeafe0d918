import { describe, expect, it } from "vitest";
import { type AgentKeyReader, cachedAgentKeys } from "./authenticate-agent.ts";

describe("the agent key cache", () => {
  const row = {
    id: "agt_1",
    account_id: "acc_1",
    name: "db-primary",
    os: "linux",
    key_hash: "hash",
    key_revoked_at: null,
    plan: "business",
  };
  const counting = (found: boolean) => {
    const reads: string[] = [];
    const read: AgentKeyReader = async (lookup) => {
      reads.push(lookup);
      return found ? row : undefined;
    };
    return { read, reads };
  };

  it("remembers an unknown key for a few seconds, then reads it again", async () => {
    let now = 0;
    const { read, reads } = counting(false);
    const keys = cachedAgentKeys(read, { ttlMs: 30_000, missMs: 5_000, now: () => now });
    expect(await keys("unknown")).toBeUndefined();
    now = 4_999;
    expect(await keys("unknown")).toBeUndefined();
    expect(reads).toHaveLength(1);
    now = 5_000;
    await keys("unknown");
    expect(reads).toHaveLength(2);
  });

  it("remembers a found key until it is forgotten", async () => {
    const { read, reads } = counting(true);
    const keys = cachedAgentKeys(read, { ttlMs: 30_000, missMs: 5_000, now: () => 0 });
    expect(await keys("found")).toEqual(row);
    await keys("found");
    expect(reads).toHaveLength(1);
    keys.forget("found");
    await keys("found");
    expect(reads).toHaveLength(2);
  });
});
