import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/**
 * Revokes a key at once; requests with it are refused from now on. Revoking twice is fine. Given
 * an account, another account's key is not found.
 */
export async function revokeApiKey(
  ctx: ServiceContext,
  keyId: string,
  accountId?: string,
): Promise<void> {
  const key = await ctx.db
    .selectFrom("api_keys")
    .select(["id", "account_id", "revoked_at"])
    .where("id", "=", keyId)
    .executeTakeFirst();
  if (!key || (accountId !== undefined && key.account_id !== accountId)) {
    throw new NotFoundError("API key");
  }
  if (key.revoked_at !== null) return;
  await ctx.db
    .updateTable("api_keys")
    .set({ revoked_at: ctx.now() })
    .where("id", "=", keyId)
    .execute();
}
