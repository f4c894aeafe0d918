import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { hashToken, newToken } from "./auth-tokens.ts";

/** A set-password link the operator hands over works this long: it may wait in an inbox. */
export const OPERATOR_PASSWORD_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

/** Stores a single-use password link for the user (only its hash) and returns its token. */
export async function storePasswordLink(
  db: Kysely<Database>,
  userId: string,
  now: number,
  lifetimeMs: number,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto("password_resets")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + lifetimeMs,
      used_at: null,
    })
    .execute();
  return token;
}

/** The app page where a password link's token is used to choose a password. */
export function passwordLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${token}`;
}

/**
 * A link with which the person chooses their password and signs in, for the operator to hand
 * over (a person the admin command made has none yet). It works once, for seven days.
 */
export async function issueOperatorPasswordLink(
  ctx: ServiceContext,
  appUrl: string,
  userId: string,
): Promise<string> {
  const token = await storeOrExplain("the password link", () =>
    storePasswordLink(ctx.db, userId, ctx.now(), OPERATOR_PASSWORD_LINK_LIFETIME_MS),
  );
  return passwordLinkUrl(appUrl, token);
}
