import type { AccountAccess } from "../../accounts/account-access.ts";
import type { ServiceContext } from "../../context.ts";
import { NotFoundError, ServiceError } from "../../service-error.ts";
import { storeOrExplain } from "../../storage-error.ts";
import { listSlaSchedules } from "./list-sla-schedules.ts";
import { queueRecipientConfirmation } from "./queue-recipient-confirmation.ts";
import type { SlaSchedule } from "./sla-schedule-record.ts";

/** Mails a new confirmation link to one of a schedule's addresses that has not yet agreed. */
export async function resendRecipientConfirmation(
  ctx: ServiceContext,
  access: AccountAccess,
  scheduleId: string,
  address: string,
  linkBase: string,
): Promise<SlaSchedule> {
  const [schedule] = await listSlaSchedules(ctx, access, scheduleId);
  if (!schedule) throw new NotFoundError("report schedule");
  const recipient = await ctx.db
    .selectFrom("sla_report_recipients")
    .select(["id", "address", "confirmed_at"])
    .where("schedule_id", "=", scheduleId)
    .where("address_key", "=", address.toLowerCase())
    .executeTakeFirst();
  if (!recipient) {
    throw new ServiceError("not-found", "This schedule does not mail that address.");
  }
  if (recipient.confirmed_at !== null) {
    throw new ServiceError(
      "conflict",
      "This address is confirmed already; it receives the report.",
    );
  }
  await storeOrExplain("the confirmation request", () =>
    ctx.db
      .transaction()
      .execute((trx) =>
        queueRecipientConfirmation(
          trx,
          ctx,
          access,
          { id: recipient.id, address: recipient.address },
          linkBase,
        ),
      ),
  );
  return schedule;
}
