import type { ServiceContext } from "../context.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { displayPrefix, generateApiKey } from "./api-key-format.ts";

export interface CreatedApiKey {
  id: string;
  name: string;
  /** The key itself: shown this once, stored only as a hash. */
  key: string;
  prefix: string;
  createdAt: number;
}

/** Issues a new API key for an account. */
export async function createApiKey(
  ctx: ServiceContext,
  accountId: string,
  name: string,
  random?: (size: number) => Buffer,
): Promise<CreatedApiKey> {
  const label = name.trim();
  if (!label || label.length > 100) {
    throw new ServiceError("invalid", "The key name must be 1 to 100 characters.");
  }
  const account = await ctx.db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account) throw new NotFoundError("account");
  const generated = generateApiKey(random);
  const id = ctx.newId("key");
  const createdAt = ctx.now();
  await storeOrExplain("the API key", () =>
    ctx.db
      .insertInto("api_keys")
      .values({
        id,
        account_id: accountId,
        name: label,
        lookup: generated.lookup,
        secret_hash: generated.hash,
        created_at: createdAt,
        last_used_at: null,
        revoked_at: null,
      })
      .execute(),
  );
  return {
    id,
    name: label,
    key: generated.key,
    prefix: displayPrefix(generated.lookup),
    createdAt,
  };
}
