import { API_KEY_SCOPE_PERMISSIONS, type ApiKeyScope, type Permission } from "@upwatch/core";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
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
  scope: ApiKeyScope;
  createdAt: number;
}

/** How a key is made: its scope (`full` unless said) and the person who made it, if any. */
export interface CreateApiKeyOptions {
  scope?: ApiKeyScope;
  createdBy?: string | undefined;
  /** The maker's permissions: a key may not be given more than its maker holds. */
  makerPermissions?: ReadonlySet<Permission> | undefined;
  random?: (size: number) => Buffer;
  /** Who the audit log names (the operator unless said). */
  actor?: AuditActor;
}

/** Issues a new API key for an account; the audit log names `options.actor`. */
export async function createApiKey(
  ctx: ServiceContext,
  accountId: string,
  name: string,
  options: CreateApiKeyOptions = {},
): Promise<CreatedApiKey> {
  const scope = options.scope ?? "full";
  const maker = options.makerPermissions;
  if (maker && API_KEY_SCOPE_PERMISSIONS[scope].some((permission) => !maker.has(permission))) {
    throw new ServiceError(
      "forbidden",
      "A full-access key may do more than your role allows; make a read-only key (scope read) instead.",
    );
  }
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
  const generated = generateApiKey(options.random);
  const id = ctx.newId("key");
  const createdAt = ctx.now();
  await storeOrExplain("the API key", () =>
    ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("api_keys")
        .values({
          id,
          account_id: accountId,
          name: label,
          lookup: generated.lookup,
          secret_hash: generated.hash,
          scope,
          created_by: options.createdBy ?? null,
          created_at: createdAt,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
      await recordAuditEvent(trx, ctx, accountId, options.actor ?? { kind: "operator" }, {
        action: "api_key.created",
        target: { type: "api_key", id, label },
      });
    }),
  );
  return {
    id,
    name: label,
    key: generated.key,
    prefix: displayPrefix(generated.lookup),
    scope,
    createdAt,
  };
}
