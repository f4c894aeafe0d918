import type { ServiceContext } from "../context.ts";
import { hashHeartbeatToken, looksLikeHeartbeatToken } from "./heartbeat-token.ts";

/**
 * Whether a heartbeat has this ping token: one indexed read, so an unknown token never opens a
 * write transaction.
 */
export async function heartbeatTokenExists(ctx: ServiceContext, token: string): Promise<boolean> {
  if (!looksLikeHeartbeatToken(token)) return false;
  const row = await ctx.db
    .selectFrom("heartbeats")
    .select("monitor_id")
    .where("token_hash", "=", hashHeartbeatToken(token))
    .executeTakeFirst();
  return row !== undefined;
}
