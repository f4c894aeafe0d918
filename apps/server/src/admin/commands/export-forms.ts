import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { isoTimeOrNull } from "../../time.ts";
import { type ExportFormat, formatRows } from "../export-format.ts";

const CONTACT_COLUMNS = ["id", "created_at", "name", "email", "subject", "message", "ip"];
const SUBSCRIBER_COLUMNS = [
  "id",
  "created_at",
  "email",
  "status",
  "confirmed_at",
  "unsubscribed_at",
];

/** Contact messages received since a moment, oldest first. */
export async function exportContacts(
  db: Kysely<Database>,
  since: number,
  format: ExportFormat,
): Promise<string> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "created_at", "name", "email", "subject", "message", "ip"])
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();
  return formatRows(
    rows.map((row) => ({ ...row, created_at: isoTimeOrNull(row.created_at) })),
    CONTACT_COLUMNS,
    format,
  );
}

/** Newsletter subscribers who signed up since a moment, oldest first. */
export async function exportSubscribers(
  db: Kysely<Database>,
  since: number,
  format: ExportFormat,
): Promise<string> {
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "created_at", "email", "status", "confirmed_at", "unsubscribed_at"])
    .where("created_at", ">=", since)
    .orderBy("created_at")
    .execute();
  return formatRows(
    rows.map((row) => ({
      ...row,
      created_at: isoTimeOrNull(row.created_at),
      confirmed_at: isoTimeOrNull(row.confirmed_at),
      unsubscribed_at: isoTimeOrNull(row.unsubscribed_at),
    })),
    SUBSCRIBER_COLUMNS,
    format,
  );
}
