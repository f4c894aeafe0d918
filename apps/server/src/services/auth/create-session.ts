import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ServiceContext } from "../context.ts";
import { hashToken, newToken } from "./auth-tokens.ts";
import { SESSION_LIFETIME_MS } from "./session-lifetime.ts";

/** A session just made: the token for the cookie (never stored) and its id (the token's hash). */
export interface NewSession {
  token: string;
  id: string;
  expiresAt: number;
}

/** Where and how a session was started, as the person's sessions list shows it. */
export interface SessionDevice {
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
  /** `password`, `two-factor` (password and a code) or `sso`. */
  method?: string | undefined;
  /** The only account the session may be in (a single sign-on's). */
  confinedAccountId?: string | undefined;
}

/** Starts a session for a user, inside the caller's transaction when one is given. */
export async function createSession(
  db: Kysely<Database>,
  ctx: Pick<ServiceContext, "now">,
  user: { id: string; accountId: string },
  device: SessionDevice = {},
): Promise<NewSession> {
  const token = newToken();
  const id = hashToken(token);
  const now = ctx.now();
  const expiresAt = now + SESSION_LIFETIME_MS;
  await db
    .insertInto("sessions")
    .values({
      token_hash: id,
      user_id: user.id,
      account_id: user.accountId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      ip_address: device.ipAddress?.slice(0, 64) ?? null,
      user_agent: device.userAgent?.slice(0, 300) ?? null,
      method: device.method ?? "password",
      confined_account_id: device.confinedAccountId ?? null,
    })
    .execute();
  return { token, id, expiresAt };
}
