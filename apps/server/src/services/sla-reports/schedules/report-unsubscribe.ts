import type { ServiceContext } from "../../context.ts";
import { readSubscriberToken, signSubscriberToken } from "../../newsletter/signed-links.ts";
import { storeOrExplain } from "../../storage-error.ts";

/** The name of the server secret report unsubscribe links are signed with. */
export const REPORT_LINK_SECRET_NAME = "report-recipient-links";

/** Where a report mail's recipient stops receiving it: signed, so only that mail holds it. */
export function reportUnsubscribeLink(secret: Buffer, linkBase: string, recipientId: string) {
  return `${linkBase}/report-unsubscribe?token=${signSubscriberToken(secret, recipientId, "unsubscribe")}`;
}

/** What an unsubscribe link leads to: the address it removes, or nothing valid. */
export type ReportUnsubscribe =
  | { outcome: "pending" | "confirmed"; address: string }
  | { outcome: "invalid-link" };

async function recipientOfLink(ctx: Pick<ServiceContext, "db">, secret: Buffer, token: string) {
  const id = readSubscriberToken(secret, token, "unsubscribe");
  if (!id) return undefined;
  return ctx.db
    .selectFrom("sla_report_recipients")
    .innerJoin(
      "sla_report_schedules",
      "sla_report_schedules.id",
      "sla_report_recipients.schedule_id",
    )
    .select([
      "sla_report_recipients.id",
      "sla_report_recipients.address",
      "sla_report_recipients.address_key",
      "sla_report_schedules.id as scheduleId",
    ])
    .where("sla_report_recipients.id", "=", id)
    .executeTakeFirst();
}

/** What opening an unsubscribe link shows; it changes nothing, as mail scanners open links. */
export async function findReportUnsubscribe(
  ctx: Pick<ServiceContext, "db">,
  secret: Buffer,
  token: string,
): Promise<ReportUnsubscribe> {
  const recipient = await recipientOfLink(ctx, secret, token);
  if (!recipient) return { outcome: "invalid-link" };
  return { outcome: "pending", address: recipient.address };
}

/** Takes the address the link names off its schedule: it receives no more reports. */
export async function unsubscribeReportRecipient(
  ctx: Pick<ServiceContext, "db" | "now" | "transact">,
  secret: Buffer,
  token: string,
): Promise<ReportUnsubscribe> {
  const recipient = await recipientOfLink(ctx, secret, token);
  if (!recipient) return { outcome: "invalid-link" };
  await storeOrExplain("your request", () =>
    ctx.transact(async (trx) => {
      const schedule = await trx
        .selectFrom("sla_report_schedules")
        .select("recipients")
        .where("id", "=", recipient.scheduleId)
        .executeTakeFirstOrThrow();
      const left = (JSON.parse(schedule.recipients) as string[]).filter(
        (address) => address.toLowerCase() !== recipient.address_key,
      );
      await trx.deleteFrom("sla_report_recipients").where("id", "=", recipient.id).execute();
      await trx
        .updateTable("sla_report_schedules")
        .set({ recipients: JSON.stringify(left), updated_at: ctx.now() })
        .where("id", "=", recipient.scheduleId)
        .execute();
    }),
  );
  return { outcome: "confirmed", address: recipient.address };
}
