import type { PlanId } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { hashToken } from "./auth-tokens.ts";
import { SESSION_LIFETIME_MS, SESSION_REFRESH_AFTER_MS } from "./session-lifetime.ts";

/** A live session found by its cookie token. */
export interface FoundSession {
  id: string;
  userId: string;
  accountId: string;
  plan: PlanId;
  expiresAt: number;
  /** The session was just extended: the cookie should be sent again with the new lifetime. */
  extended: boolean;
}

/**
 * The session behind a cookie token, or null when it is unknown or has expired. A session last
 * extended more than a day ago is extended to 30 days from now.
 */
export async function findSession(
  ctx: ServiceContext,
  token: string,
): Promise<FoundSession | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await ctx.db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select([
      "sessions.user_id",
      "sessions.account_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "accounts.plan",
    ])
    .where("sessions.token_hash", "=", id)
    .executeTakeFirst();
  const now = ctx.now();
  if (!row || row.expires_at <= now || !isPlanId(row.plan)) return null;
  const found = {
    id,
    userId: row.user_id,
    accountId: row.account_id,
    plan: row.plan,
    expiresAt: row.expires_at,
    extended: false,
  };
  if (now - row.last_seen_at < SESSION_REFRESH_AFTER_MS) return found;
  const expiresAt = now + SESSION_LIFETIME_MS;
  await ctx.db
    .updateTable("sessions")
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where("token_hash", "=", id)
    .execute();
  return { ...found, expiresAt, extended: true };
}
