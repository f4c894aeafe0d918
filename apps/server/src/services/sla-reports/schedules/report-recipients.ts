import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { AccountAccess } from "../../accounts/account-access.ts";
import { needsConfirmation } from "../../channels/channel-confirmation-rules.ts";
import type { ServiceContext } from "../../context.ts";
import { queueRecipientConfirmation } from "./queue-recipient-confirmation.ts";

/** An address a schedule mails, and whether it agreed to. */
export interface ReportRecipient {
  id: string;
  address: string;
  confirmed: boolean;
}

/**
 * Inside the caller's transaction: makes the schedule's recipient rows match `addresses`. An
 * address kept keeps its confirmation; a member's address counts as confirmed; any other that
 * has had no confirmation mail gets one. Returns whether a mail was queued.
 */
export async function storeReportRecipients(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, "now" | "newId">,
  access: Pick<AccountAccess, "accountId">,
  scheduleId: string,
  addresses: readonly string[],
  linkBase: string,
): Promise<boolean> {
  const keys = addresses.map((address) => address.toLowerCase());
  const rows = await trx
    .selectFrom("sla_report_recipients")
    .selectAll()
    .where("schedule_id", "=", scheduleId)
    .execute();
  const gone = rows.filter((row) => !keys.includes(row.address_key)).map((row) => row.id);
  if (gone.length > 0) {
    await trx.deleteFrom("sla_report_recipients").where("id", "in", gone).execute();
  }
  let mailed = false;
  for (const address of addresses) {
    const key = address.toLowerCase();
    let row = rows.find((r) => r.address_key === key);
    if (!row) {
      row = {
        id: ctx.newId("rcp"),
        schedule_id: scheduleId,
        address,
        address_key: key,
        confirmed_at: null,
        confirmation_token_hash: null,
        confirmation_sent_at: null,
      };
      await trx.insertInto("sla_report_recipients").values(row).execute();
    }
    if (row.confirmed_at !== null) continue;
    if (!(await needsConfirmation(trx, access.accountId, address))) {
      await trx
        .updateTable("sla_report_recipients")
        .set({ confirmed_at: ctx.now(), confirmation_token_hash: null })
        .where("id", "=", row.id)
        .execute();
    } else if (row.confirmation_sent_at === null) {
      await queueRecipientConfirmation(trx, ctx, access, { id: row.id, address }, linkBase);
      mailed = true;
    }
  }
  return mailed;
}

/** The schedule's addresses in the order stored, each confirmed or waiting. */
export async function readReportRecipients(
  db: Kysely<Database>,
  scheduleId: string,
  addresses: readonly string[],
): Promise<ReportRecipient[]> {
  const rows = await db
    .selectFrom("sla_report_recipients")
    .select(["id", "address_key", "confirmed_at"])
    .where("schedule_id", "=", scheduleId)
    .execute();
  return addresses.map((address) => {
    const row = rows.find((r) => r.address_key === address.toLowerCase());
    return { id: row?.id ?? "", address, confirmed: row?.confirmed_at != null };
  });
}
