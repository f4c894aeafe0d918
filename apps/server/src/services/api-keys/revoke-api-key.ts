import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";

/**
 * Revokes a key at once; requests with it are refused from now on. Revoking twice is fine. Given
 * an account, another account's key is not found. The audit log names `actor` (the operator by
 * default).
 */
export async function revokeApiKey(
  ctx: ServiceContext,
  keyId: string,
  accountId?: string,
  actor: AuditActor = { kind: "operator" },
): Promise<void> {
  const key = await ctx.db
    .selectFrom("api_keys")
    .select(["id", "account_id", "name", "revoked_at"])
    .where("id", "=", keyId)
    .executeTakeFirst();
  if (!key || (accountId !== undefined && key.account_id !== accountId)) {
    throw new NotFoundError("API key");
  }
  if (key.revoked_at !== null) return;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("api_keys")
      .set({ revoked_at: ctx.now() })
      .where("id", "=", keyId)
      .execute();
    await recordAuditEvent(trx, ctx, key.account_id, actor, {
      action: "api_key.revoked",
      target: { type: "api_key", id: key.id, label: key.name },
    });
  });
}
