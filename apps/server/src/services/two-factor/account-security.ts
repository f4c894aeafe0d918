import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../accounts/account-access.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

/** Whether an account requires two-factor sign-in of everyone in it. */
export async function getAccountSecurity(
  ctx: Pick<ServiceContext, "db">,
  accountId: string,
): Promise<{ requireTwoFactor: boolean }> {
  const row = await ctx.db
    .selectFrom("accounts")
    .select("require_two_factor")
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
  return { requireTwoFactor: Number(row.require_two_factor) === 1 };
}

/** The refusal of requiring two-factor sign-in by an owner who has not turned it on. */
export const OWNER_WITHOUT_TWO_FACTOR =
  "Turn on two-factor sign-in for yourself first (Settings → Security); then you can require it of everyone.";

/**
 * Requires two-factor sign-in of everyone in the account, or stops requiring it. Turning it on
 * ends, in the same change, the sessions in this account of members without two-factor (they
 * set it up at their next sign-in); sessions begun through single sign-on stay, as the
 * identity provider answers for the second factor. The owner must have two-factor on first.
 * Answers the ended sessions' ids, whose live streams the caller closes.
 */
export async function setRequireTwoFactor(
  ctx: Pick<ServiceContext, "db" | "now" | "newId" | "transact">,
  access: AccountAccess,
  requireTwoFactor: boolean,
): Promise<{ requireTwoFactor: boolean; endedSessions: string[] }> {
  if (requireTwoFactor) await refuseOwnerWithoutTwoFactor(ctx, access);
  const endedSessions: string[] = [];
  await ctx.transact(async (trx) => {
    const before = await trx
      .selectFrom("accounts")
      .select(["name", "require_two_factor"])
      .where("id", "=", access.accountId)
      .executeTakeFirstOrThrow();
    const wasRequired = Number(before.require_two_factor) === 1;
    if (wasRequired === requireTwoFactor) return;
    await trx
      .updateTable("accounts")
      .set({ require_two_factor: requireTwoFactor ? 1 : 0 })
      .where("id", "=", access.accountId)
      .execute();
    if (requireTwoFactor) endedSessions.push(...(await endSessionsWithoutTwoFactor(trx, access)));
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "account.two_factor_required",
      target: { type: "account", id: access.accountId, label: before.name },
      changes: {
        require_two_factor: {
          before: wasRequired ? "on" : "off",
          after: requireTwoFactor ? "on" : "off",
        },
      },
    });
  });
  return { requireTwoFactor, endedSessions };
}

async function refuseOwnerWithoutTwoFactor(
  ctx: Pick<ServiceContext, "db">,
  access: AccountAccess,
): Promise<void> {
  const own = access.userId
    ? await ctx.db
        .selectFrom("two_factor")
        .select("enabled_at")
        .where("user_id", "=", access.userId)
        .executeTakeFirst()
    : undefined;
  if (own?.enabled_at == null) throw new ServiceError("conflict", OWNER_WITHOUT_TWO_FACTOR);
}

/** Deletes the account's sessions of people without two-factor on; answers their ids. */
async function endSessionsWithoutTwoFactor(
  trx: Kysely<Database>,
  access: AccountAccess,
): Promise<string[]> {
  const rows = await trx
    .selectFrom("sessions")
    .leftJoin("two_factor", "two_factor.user_id", "sessions.user_id")
    .select("sessions.token_hash")
    .where("sessions.account_id", "=", access.accountId)
    .where("two_factor.enabled_at", "is", null)
    .where("sessions.method", "!=", "sso")
    .execute();
  const ids = rows.map((row) => row.token_hash).filter((id) => id !== access.sessionId);
  for (const id of ids) await trx.deleteFrom("sessions").where("token_hash", "=", id).execute();
  return ids;
}
