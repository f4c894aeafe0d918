import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/**
 * Deletes expired sessions, reset links and unfinished two-factor sign-ins; returns how many
 * rows went.
 */
export async function pruneAuthTokens(db: Kysely<Database>, now: number): Promise<number> {
  const sessions = await db
    .deleteFrom("sessions")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  const resets = await db
    .deleteFrom("password_resets")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  const challenges = await db
    .deleteFrom("sign_in_challenges")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  return Number(sessions.numDeletedRows + resets.numDeletedRows + challenges.numDeletedRows);
}
