import type { AccountAccess } from "../accounts/account-access.ts";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { keyMatchesHash, lookupOf } from "./api-key-format.ts";

/** `last_used_at` is written at most this often per key, so reads do not become writes. */
const LAST_USED_PRECISION_MS = 60_000;

/** The account behind a presented key, or null when the key is unknown, wrong or revoked. */
export async function authenticateApiKey(
  ctx: ServiceContext,
  presented: string,
): Promise<AccountAccess | null> {
  const lookup = lookupOf(presented);
  if (!lookup) return null;
  const row = await ctx.db
    .selectFrom("api_keys")
    .innerJoin("accounts", "accounts.id", "api_keys.account_id")
    .select([
      "api_keys.id",
      "api_keys.secret_hash",
      "api_keys.revoked_at",
      "api_keys.last_used_at",
      "accounts.id as account_id",
      "accounts.plan",
    ])
    .where("api_keys.lookup", "=", lookup)
    .executeTakeFirst();
  if (!row || !keyMatchesHash(presented, row.secret_hash) || row.revoked_at !== null) return null;
  if (!isPlanId(row.plan)) return null;
  const at = ctx.now();
  if (row.last_used_at === null || at - row.last_used_at >= LAST_USED_PRECISION_MS) {
    await ctx.db
      .updateTable("api_keys")
      .set({ last_used_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return { accountId: row.account_id, plan: row.plan, apiKeyId: row.id };
}
