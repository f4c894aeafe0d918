import type { AccountAccess } from "../accounts/account-access.ts";
import { isPlanId } from "../accounts/create-account.ts";
import type { ServiceContext } from "../context.ts";
import { keyPermissions, memberPermissions } from "../team/member-permissions.ts";
import { keyMatchesHash, lookupOf } from "./api-key-format.ts";

/** `last_used_at` is written at most this often per key, so reads do not become writes. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The account behind a presented key, or null when the key is unknown, wrong or revoked. A key
 * made by a person may do what its scope allows and its maker may do in the account now (their
 * role is read on every request); a key whose maker is no longer a member is refused. A key
 * made by the admin command (no maker) has its scope's permissions.
 */
export async function authenticateApiKey(
  ctx: ServiceContext,
  presented: string,
): Promise<AccountAccess | null> {
  const lookup = lookupOf(presented);
  if (!lookup) return null;
  const row = await ctx.db
    .selectFrom("api_keys")
    .innerJoin("accounts", "accounts.id", "api_keys.account_id")
    .leftJoin("memberships", (join) =>
      join
        .onRef("memberships.account_id", "=", "api_keys.account_id")
        .onRef("memberships.user_id", "=", "api_keys.created_by"),
    )
    .leftJoin("custom_roles", "custom_roles.id", "memberships.custom_role_id")
    .select([
      "api_keys.id",
      "api_keys.secret_hash",
      "api_keys.revoked_at",
      "api_keys.last_used_at",
      "api_keys.scope",
      "api_keys.created_by",
      "memberships.role as maker_role",
      "memberships.custom_role_id as maker_custom_role_id",
      "custom_roles.permissions as maker_custom_permissions",
      "accounts.id as account_id",
      "accounts.plan",
    ])
    .where("api_keys.lookup", "=", lookup)
    .executeTakeFirst();
  if (!row || !keyMatchesHash(presented, row.secret_hash) || row.revoked_at !== null) return null;
  if (!isPlanId(row.plan)) return null;
  let permissions = keyPermissions(row.scope);
  let maker: Pick<AccountAccess, "role" | "customRoleId"> = {};
  if (row.created_by !== null) {
    if (row.maker_role === null) return null;
    const held = memberPermissions(
      { role: row.maker_role, customPermissions: row.maker_custom_permissions },
      row.plan,
    );
    permissions = new Set(
      [...permissions].filter((permission) => held.permissions.has(permission)),
    );
    maker = { role: held.role, customRoleId: row.maker_custom_role_id };
  }
  const at = ctx.now();
  if (row.last_used_at === null || at - row.last_used_at >= LAST_USED_PRECISION_MS) {
    await ctx.db
      .updateTable("api_keys")
      .set({ last_used_at: at })
      .where("id", "=", row.id)
      .execute();
  }
  return {
    accountId: row.account_id,
    plan: row.plan,
    apiKeyId: row.id,
    ...maker,
    permissions,
  };
}
