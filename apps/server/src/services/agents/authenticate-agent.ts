import { getPlan, type PlanId } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { agentKeyLookupOf, agentKeyMatchesHash } from "./agent-key-format.ts";

/** The agent a valid key belongs to, with its account's plan. */
export interface AuthenticatedAgent {
  id: string;
  account_id: string;
  name: string;
  os: string;
  plan: PlanId;
  /** The lookup part of the key it presented. */
  key_lookup: string;
}

/** Why a presented key is refused: not a key of any agent, or an account without agents. */
export type AgentRefusal = "unknown-key" | "plan-without-agents";

export type AgentAuthentication =
  | { agent: AuthenticatedAgent; refusal?: undefined }
  | { agent?: undefined; refusal: AgentRefusal; plan?: PlanId };

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  os: string;
  key_hash: string | null;
  key_revoked_at: number | null;
  plan: string;
}

/** Reads the agent row of a key's lookup part; the default reads the database each time. */
export type AgentKeyReader = (lookup: string) => Promise<KeyRow | undefined>;

export function readAgentKey(ctx: Pick<ServiceContext, "db">): AgentKeyReader {
  return (lookup) =>
    ctx.db
      .selectFrom("agents")
      .innerJoin("accounts", "accounts.id", "agents.account_id")
      .select([
        "agents.id",
        "agents.account_id",
        "agents.name",
        "agents.os",
        "agents.key_hash",
        "agents.key_revoked_at",
        "accounts.plan",
      ])
      .where("agents.key_lookup", "=", lookup)
      .executeTakeFirst();
}

const CACHE_MAX_ENTRIES = 100_000;

/** Drops the remembered row of a key, so the next request reads the database. */
export interface AgentKeyCache {
  forget(lookup: string): void;
}

/**
 * Keeps the rows of keys found for `ttlMs`, and keys not found for `missMs`, so an agent's polls
 * and guessed keys do not wait on the database. The whole key is still compared with the hash on
 * every request. Revoking, replacing or deleting calls `forget`; other server processes keep
 * their row for `ttlMs` at most, and reports check the key again in their transaction.
 */
export function cachedAgentKeys(
  read: AgentKeyReader,
  options: { ttlMs: number; missMs: number; now: () => number },
): AgentKeyReader & AgentKeyCache {
  const rows = new Map<string, { row: KeyRow | undefined; until: number }>();
  const cached = async (lookup: string) => {
    const at = options.now();
    const hit = rows.get(lookup);
    if (hit && hit.until > at) return hit.row;
    const row = await read(lookup);
    if (rows.size >= CACHE_MAX_ENTRIES) rows.clear();
    rows.set(lookup, { row, until: at + (row ? options.ttlMs : options.missMs) });
    return row;
  };
  return Object.assign(cached, { forget: (lookup: string) => void rows.delete(lookup) });
}

/**
 * Finds the agent of a presented `uwa_` key by its lookup part and compares the whole key's hash
 * in constant time. A revoked key has no lookup any more, and a deleted agent no row: both are
 * unknown keys.
 */
export async function authenticateAgent(
  ctx: Pick<ServiceContext, "db">,
  presented: string,
  read: AgentKeyReader = readAgentKey(ctx),
): Promise<AgentAuthentication> {
  const lookup = agentKeyLookupOf(presented);
  if (!lookup) return { refusal: "unknown-key" };
  const row = await read(lookup);
  if (!row?.key_hash || row.key_revoked_at !== null) return { refusal: "unknown-key" };
  if (!agentKeyMatchesHash(presented, row.key_hash)) return { refusal: "unknown-key" };
  if (!isPlanId(row.plan)) return { refusal: "unknown-key" };
  if (getPlan(row.plan).limits.agents === 0) {
    return { refusal: "plan-without-agents", plan: row.plan };
  }
  const { key_hash: _hash, key_revoked_at: _revoked, plan, ...agent } = row;
  return { agent: { ...agent, plan, key_lookup: lookup } };
}
