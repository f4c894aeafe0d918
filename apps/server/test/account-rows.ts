import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

const BY_ACCOUNT = [
  "accounts",
  "users",
  "api_keys",
  "sessions",
  "monitors",
  "incidents",
  "alerts",
  "dependencies",
  "channels",
  "notifications",
  "notification_deliveries",
  "usage_charges",
] as const;

/** How many rows of each table belong to an account, whichever way they are linked to it. */
export async function countAccountRows(
  db: Kysely<Database>,
  accountId: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const count = async (
    name: string,
    query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> },
  ) => {
    counts[name] = Number((await query.executeTakeFirstOrThrow()).n);
  };
  for (const table of BY_ACCOUNT) {
    const column = table === "accounts" ? "id" : "account_id";
    await count(
      table,
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where(column, "=", accountId),
    );
  }
  const monitorIds = db.selectFrom("monitors").select("id").where("account_id", "=", accountId);
  const userIds = db.selectFrom("users").select("id").where("account_id", "=", accountId);
  const notificationIds = db
    .selectFrom("notifications")
    .select("id")
    .where("account_id", "=", accountId);
  for (const table of ["check_results", "check_rollups", "monitor_channels"] as const) {
    await count(
      table,
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("monitor_id", "in", monitorIds),
    );
  }
  await count(
    "password_resets",
    db
      .selectFrom("password_resets")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "in", userIds),
  );
  await count(
    "outbox",
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("id", "in", notificationIds),
  );
  return counts;
}
