import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type AuditActor, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";

/** What ending a membership stopped: the person's sessions and API keys in the account. */
export interface EndedCredentials {
  sessionIds: string[];
  apiKeyIds: string[];
}

/**
 * Ends a person's membership of an account inside the caller's transaction: the membership,
 * their sessions in that account and the API keys they made there go (revoked, recorded as
 * done by `actor`: whoever removed them, or the person leaving). Returns what was ended,
 * whose live streams the caller closes. A person left without the default account is
 * re-pointed at sign-in.
 */
export async function endMembership(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  accountId: string,
  userId: string,
  actor: AuditActor,
): Promise<EndedCredentials> {
  const sessions = await trx
    .selectFrom("sessions")
    .select("token_hash")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .execute();
  await trx
    .deleteFrom("sessions")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .execute();
  await trx
    .deleteFrom("memberships")
    .where("account_id", "=", accountId)
    .where("user_id", "=", userId)
    .execute();
  const keys = await trx
    .selectFrom("api_keys")
    .select(["id", "name"])
    .where("account_id", "=", accountId)
    .where("created_by", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  for (const key of keys) {
    await trx
      .updateTable("api_keys")
      .set({ revoked_at: ctx.now() })
      .where("id", "=", key.id)
      .execute();
    await recordAuditEvent(trx, ctx, accountId, actor, {
      action: "api_key.revoked",
      target: { type: "api_key", id: key.id, label: key.name },
    });
  }
  const other = await trx
    .selectFrom("memberships")
    .select("account_id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .executeTakeFirst();
  if (other) {
    await trx
      .updateTable("users")
      .set({ account_id: other.account_id })
      .where("id", "=", userId)
      .where("account_id", "=", accountId)
      .execute();
  }
  return {
    sessionIds: sessions.map((session) => session.token_hash),
    apiKeyIds: keys.map((key) => key.id),
  };
}
