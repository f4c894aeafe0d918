import { API_KEY_SCOPES, type ApiKeyScope } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { displayPrefix } from "./api-key-format.ts";

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** An account's keys, newest first, without their secrets. */
export async function listApiKeys(
  ctx: ServiceContext,
  accountId: string,
): Promise<ApiKeySummary[]> {
  const rows = await ctx.db
    .selectFrom("api_keys")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: displayPrefix(row.lookup),
    scope: scopeOf(row.scope),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

/** A stored scope; anything unknown is shown as (and treated like) a read-only key. */
function scopeOf(stored: string): ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(stored) ? (stored as ApiKeyScope) : "read";
}
