import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

export const SSO_REQUIRED = "Your account signs in through single sign-on; use “Sign in with SSO”.";

/**
 * Refuses a password (sign-in or reset) to a person who belongs, other than as its owner, to an
 * account that requires single sign-on. Call it only once the password or link was right, so the
 * refusal tells nothing to someone who does not know them. The owner keeps the password as a way
 * in when the provider fails. Until the account has proven one of its domains nobody can sign in
 * through the provider, so passwords keep working.
 */
export async function ensurePasswordSignInAllowed(
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  const required = await db
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
    .executeTakeFirst();
  if (required) throw new ServiceError("forbidden", SSO_REQUIRED);
}
