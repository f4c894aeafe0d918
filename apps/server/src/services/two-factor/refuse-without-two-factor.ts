import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { ServiceError } from "../service-error.ts";

/**
 * Refuses to bring a person into an account (joining it, or moving a session there) while the
 * account requires two-factor sign-in and the person has not turned it on: otherwise a session
 * without a second factor would be open in it.
 */
export async function refuseWithoutTwoFactor(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
): Promise<void> {
  const account = await db
    .selectFrom("accounts")
    .select(["name", "require_two_factor"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account || Number(account.require_two_factor) !== 1) return;
  const twoFactor = await db
    .selectFrom("two_factor")
    .select("enabled_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (twoFactor?.enabled_at != null) return;
  throw new ServiceError(
    "forbidden",
    `${account.name} requires two-factor sign-in; turn it on under Settings → Security first.`,
  );
}
