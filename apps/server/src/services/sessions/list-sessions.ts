import type { ServiceContext } from "../context.ts";
import { describeDevice } from "./describe-device.ts";
import { publicSessionId } from "./public-session-id.ts";

/** One of a person's sessions as their security settings list it. */
export interface SessionSummary {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: number;
  lastSeenAt: number;
  method: string;
  current: boolean;
}

/** A person's sessions that have not expired, newest first; `current` marks the one asking. */
export async function listSessions(
  ctx: Pick<ServiceContext, "db" | "now">,
  who: { userId: string; sessionId: string },
): Promise<SessionSummary[]> {
  const rows = await ctx.db
    .selectFrom("sessions")
    .select(["token_hash", "user_agent", "ip_address", "created_at", "last_seen_at", "method"])
    .where("user_id", "=", who.userId)
    .where("expires_at", ">", ctx.now())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: publicSessionId(row.token_hash),
    device: describeDevice(row.user_agent),
    ipAddress: row.ip_address,
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    method: row.method,
    current: row.token_hash === who.sessionId,
  }));
}
