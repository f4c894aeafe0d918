import { DEFAULT_TIME_ZONE } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import type { AccountAccess } from "./account-access.ts";

/** The account's IANA time zone ('UTC' until chosen, and for an account that no longer exists). */
export async function readAccountTimeZone(
  db: Kysely<Database>,
  accountId: string,
): Promise<string> {
  const row = await db
    .selectFrom("accounts")
    .select("time_zone")
    .where("id", "=", accountId)
    .executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/**
 * Sets the account's time zone, already validated and canonical (see `timeZoneSchema`), and
 * records the change in the audit log; setting the zone it has changes and records nothing.
 */
export async function setAccountTimeZone(
  ctx: Pick<ServiceContext, "now" | "newId" | "transact">,
  access: AccountAccess,
  timeZone: string,
): Promise<string> {
  await ctx.transact(async (trx) => {
    const before = await trx
      .selectFrom("accounts")
      .select(["name", "time_zone"])
      .where("id", "=", access.accountId)
      .executeTakeFirstOrThrow();
    if (before.time_zone === timeZone) return;
    await trx
      .updateTable("accounts")
      .set({ time_zone: timeZone })
      .where("id", "=", access.accountId)
      .execute();
    await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
      action: "account.time_zone_changed",
      target: { type: "account", id: access.accountId, label: before.name },
      changes: { time_zone: { before: before.time_zone, after: timeZone } },
    });
  });
  return timeZone;
}
