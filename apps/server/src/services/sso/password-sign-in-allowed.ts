import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

export const SSO_REQUIRED = "Your account signs in through single sign-on; use “Sign in with SSO”.";

/** The refusal of a password session asked to open an account that requires single sign-on. */
export const ssoRequiredToOpen = (account: string) =>
  `${account} signs in through single sign-on; use “Sign in with SSO” to open it.`;

/**
 * The accounts a password may not open for this person: those requiring single sign-on, where
 * they are not the owner (the owner keeps the password as a way in when the provider fails).
 * Until the account has proven one of its domains nobody can sign in through the provider, so
 * passwords keep working there.
 */
export async function accountsClosedToPasswords(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const closed = await db
    .selectFrom("memberships")
    .innerJoin("sso_configs", "sso_configs.account_id", "memberships.account_id")
    .select("memberships.account_id")
    .where("memberships.user_id", "=", userId)
    .where("memberships.role", "!=", "owner")
    .where("sso_configs.enabled", "=", 1)
    .where("sso_configs.required", "=", 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("sso_domains")
          .select("sso_domains.domain")
          .whereRef("sso_domains.account_id", "=", "memberships.account_id"),
      ),
    )
    .execute();
  return closed.map((row) => row.account_id);
}

/**
 * Refuses a password (sign-in or reset) to a person whose every account requires single sign-on
 * of them. Call it only once the password or link was right, so the refusal tells nothing to
 * someone who does not know them. Someone who also belongs elsewhere signs in there.
 */
export async function ensurePasswordSignInAllowed(
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  if ((await passwordAccountOf(db, userId)) === null) {
    throw new ServiceError("forbidden", SSO_REQUIRED);
  }
}

/**
 * The account a password session of the person opens: undefined when no account of theirs
 * requires single sign-on (the usual choice stands), else their default account when a password
 * may open it, else their oldest such membership; null when there is none.
 */
export async function passwordAccountOf(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null | undefined> {
  const closed = await accountsClosedToPasswords(db, userId);
  if (!closed.length) return undefined;
  const open = await db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["memberships.account_id", "users.account_id as default_account_id"])
    .where("memberships.user_id", "=", userId)
    .where("memberships.account_id", "not in", closed)
    .orderBy("memberships.created_at")
    .orderBy("memberships.account_id")
    .execute();
  const preferred = open.find((row) => row.account_id === row.default_account_id) ?? open[0];
  return preferred?.account_id ?? null;
}
