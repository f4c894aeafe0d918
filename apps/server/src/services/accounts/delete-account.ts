import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { MonitorChanges } from "../../engine/engine-ports.ts";
import { PASSWORD_RESET_MAIL_KIND } from "../auth/request-password-reset.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";

export const DELETE_CONFIRMATION_MISMATCH = "Type your account e-mail address exactly to confirm.";

/**
 * Deletes an account and everything of it, once the signed-in owner has typed the account's
 * e-mail address. Rows are deleted table by table rather than left to cascades, so nothing stays
 * behind where a table has no foreign key to the account. People who belong to no other account
 * are deleted with it; the others only lose their membership and sign in to another account.
 */
export async function deleteAccount(
  ctx: ServiceContext,
  session: { userId: string; accountId: string },
  confirmEmail: string,
  changes: MonitorChanges,
): Promise<void> {
  const user = await ctx.db
    .selectFrom("users")
    .innerJoin("memberships", "memberships.user_id", "users.id")
    .select(["users.email_key", "memberships.role"])
    .where("users.id", "=", session.userId)
    .where("memberships.account_id", "=", session.accountId)
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
  const members = trx
    .selectFrom("memberships")
    .select("user_id")
    .where("account_id", "=", accountId);
  const elsewhere = trx
    .selectFrom("memberships")
    .select("user_id")
    .where("account_id", "!=", accountId);
  // People who belong to no other account go with it.
  const userIds = trx
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb("id", "in", members), eb("account_id", "=", accountId)]))
    .where("id", "not in", elsewhere);
  const userEmails = trx
    .selectFrom("users")
    .select("email")
    .where((eb) => eb.or([eb("id", "in", members), eb("account_id", "=", accountId)]))
    .where("id", "not in", elsewhere);
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
  const groupIds = trx
    .selectFrom("monitor_groups")
    .select("id")
    .where("account_id", "=", accountId);
  await trx.deleteFrom("monitor_group_members").where("group_id", "in", groupIds).execute();
  await trx.deleteFrom("monitor_group_channels").where("group_id", "in", groupIds).execute();
  await trx.deleteFrom("monitor_groups").where("account_id", "=", accountId).execute();
  for (const table of ["dependencies", "alerts", "incidents"] as const) {
    await trx.deleteFrom(table).where("account_id", "=", accountId).execute();
  }
  await trx.deleteFrom("check_rollups").where("monitor_id", "in", monitorIds).execute();
  await trx.deleteFrom("check_results").where("monitor_id", "in", monitorIds).execute();
  await trx.deleteFrom("password_resets").where("user_id", "in", userIds).execute();
  const leaving = (await userIds.execute()).map((user) => user.id);
  await trx.deleteFrom("invitations").where("account_id", "=", accountId).execute();
  await trx.deleteFrom("memberships").where("account_id", "=", accountId).execute();
  for (const table of ["monitors", "channels", "api_keys", "sessions"] as const) {
    await trx.deleteFrom(table).where("account_id", "=", accountId).execute();
  }
  if (leaving.length) await trx.deleteFrom("users").where("id", "in", leaving).execute();
  await repointRemainingPeople(trx, accountId);
  await trx.deleteFrom("accounts").where("id", "=", accountId).execute();
}

/** People who still belong elsewhere sign in to their oldest other account from now on. */
async function repointRemainingPeople(trx: Kysely<Database>, accountId: string): Promise<void> {
  const people = await trx
    .selectFrom("users")
    .select("id")
    .where("account_id", "=", accountId)
    .execute();
  for (const person of people) {
    const other = await trx
      .selectFrom("memberships")
      .select("account_id")
      .where("user_id", "=", person.id)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({ account_id: other.account_id })
      .where("id", "=", person.id)
      .execute();
  }
}
