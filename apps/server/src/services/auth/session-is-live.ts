import type { ServiceContext } from "../context.ts";

/**
 * Whether a session (by its id, `request.access.sessionId`) still exists and has not expired;
 * long-lived answers such as event streams ask this to end with the session.
 */
export async function sessionIsLive(ctx: ServiceContext, sessionId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("sessions")
    .select("expires_at")
    .where("token_hash", "=", sessionId)
    .executeTakeFirst();
  return row !== undefined && row.expires_at > ctx.now();
}
