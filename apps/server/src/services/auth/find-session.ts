import type { Permission, PlanId, Role } from "@upwatch/core";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { memberPermissions } from "../team/member-permissions.ts";
import { hashToken } from "./auth-tokens.ts";
import { SESSION_LIFETIME_MS, SESSION_REFRESH_AFTER_MS } from "./session-lifetime.ts";

/** A live session found by its cookie token. */
export interface FoundSession {
  id: string;
  userId: string;
  accountId: string;
  plan: PlanId;
  role: Role | undefined;
  permissions: Set<Permission>;
  /** The custom role the person holds in the account, if any. */
  customRoleId: string | null;
  expiresAt: number;
  /** The session was just extended: the cookie should be sent again with the new lifetime. */
  extended: boolean;
}

/**
 * The session behind a cookie token, or null when it is unknown, has expired, its person is no
 * longer a member of the session's account, or it is confined to another account. A session last
 * extended more than a day ago is extended to 30 days from now; its last use is noted at most
 * once a minute.
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
    .innerJoin("memberships", (join) =>
      join
        .onRef("memberships.account_id", "=", "sessions.account_id")
        .onRef("memberships.user_id", "=", "sessions.user_id"),
    )
    .leftJoin("custom_roles", "custom_roles.id", "memberships.custom_role_id")
    .select([
      "memberships.role",
      "memberships.custom_role_id",
      "custom_roles.permissions as custom_permissions",
      "sessions.user_id",
      "sessions.account_id",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "accounts.plan",
    ])
    .where("sessions.token_hash", "=", id)
    .where((eb) =>
      eb.or([
        eb("sessions.confined_account_id", "is", null),
        eb("sessions.confined_account_id", "=", eb.ref("sessions.account_id")),
      ]),
    )
    .executeTakeFirst();
  const now = ctx.now();
  if (!row || row.expires_at <= now || !isPlanId(row.plan)) return null;
  const found = {
    id,
    userId: row.user_id,
    accountId: row.account_id,
    plan: row.plan,
    customRoleId: row.custom_role_id,
    ...memberPermissions({ role: row.role, customPermissions: row.custom_permissions }, row.plan),
    expiresAt: row.expires_at,
    extended: false,
  };
  // When it was last extended, from its expiry: last_seen_at moves every minute.
  const extend = now - (row.expires_at - SESSION_LIFETIME_MS) >= SESSION_REFRESH_AFTER_MS;
  if (!extend && now - row.last_seen_at < LAST_SEEN_EVERY_MS) return found;
  const expiresAt = extend ? now + SESSION_LIFETIME_MS : row.expires_at;
  await ctx.db
    .updateTable("sessions")
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where("token_hash", "=", id)
    .execute();
  return { ...found, expiresAt, extended: extend };
}

/** How often a session in use has its "last seen" time written (at most). */
export const LAST_SEEN_EVERY_MS = 60_000;
