import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { PASSWORD_RESET_MAIL_KIND } from "../auth/request-password-reset.ts";
import type { ServiceContext } from "../context.ts";
import type { MonitorChanges } from "../monitors/monitor-changes.ts";
import { ServiceError } from "../service-error.ts";

export const DELETE_CONFIRMATION_MISMATCH = "Type your account e-mail address exactly to confirm.";

/**
 * Deletes an account and everything of it, once the signed-in owner has typed the account's
 * e-mail address. Rows are deleted table by table rather than left to cascades, so nothing stays
 * behind where a table has no foreign key to the account.
 */
export async function deleteAccount(
  ctx: ServiceContext,
  session: { userId: string; accountId: string },
  confirmEmail: string,
  changes: MonitorChanges,
): Promise<void> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["email_key", "role"])
    .where("id", "=", session.userId)
    .where("account_id", "=", session.accountId)
    .executeTakeFirst();
  if (!user || confirmEmail.trim().toLowerCase() !== user.email_key) {
    throw new ServiceError("invalid", DELETE_CONFIRMATION_MISMATCH);
  }
  if (user.role !== "owner") {
    throw new ServiceError("forbidden", "Only the account's owner can delete the account.");
  }
  const monitors = await ctx.db
    .selectFrom("monitors")
    .select("id")
    .where("account_id", "=", session.accountId)
    .execute();
  await ctx.db.transaction().execute((trx) => deleteAccountRows(trx, session.accountId));
  for (const monitor of monitors) changes.removed(monitor.id, session.accountId);
}

async function deleteAccountRows(trx: Kysely<Database>, accountId: string): Promise<void> {
  const monitorIds = trx.selectFrom("monitors").select("id").where("account_id", "=", accountId);
  const channelIds = trx.selectFrom("channels").select("id").where("account_id", "=", accountId);
  const userIds = trx.selectFrom("users").select("id").where("account_id", "=", accountId);
  const userEmails = trx.selectFrom("users").select("email").where("account_id", "=", accountId);
  const notificationIds = trx
    .selectFrom("notifications")
    .select("id")
    .where("account_id", "=", accountId);

  // Alert mails carry their notification's id in the outbox; reset mails only the address.
  await trx.deleteFrom("outbox").where("id", "in", notificationIds).execute();
  await trx
    .deleteFrom("outbox")
    .where("kind", "=", PASSWORD_RESET_MAIL_KIND)
    .where("recipient", "in", userEmails)
    .execute();
  for (const table of ["notification_deliveries", "notifications", "usage_charges"] as const) {
    await trx.deleteFrom(table).where("account_id", "=", accountId).execute();
  }
  await trx
    .deleteFrom("monitor_channels")
    .where((eb) => eb.or([eb("monitor_id", "in", monitorIds), eb("channel_id", "in", channelIds)]))
    .execute();
  for (const table of ["dependencies", "alerts", "incidents"] as const) {
    await trx.deleteFrom(table).where("account_id", "=", accountId).execute();
  }
  await trx.deleteFrom("check_rollups").where("monitor_id", "in", monitorIds).execute();
  await trx.deleteFrom("check_results").where("monitor_id", "in", monitorIds).execute();
  await trx.deleteFrom("password_resets").where("user_id", "in", userIds).execute();
  for (const table of ["monitors", "channels", "api_keys", "sessions", "users"] as const) {
    await trx.deleteFrom(table).where("account_id", "=", accountId).execute();
  }
  await trx.deleteFrom("accounts").where("id", "=", accountId).execute();
}
