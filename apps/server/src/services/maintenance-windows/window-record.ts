import type { MaintenanceWindow } from "@upwatch/api";
import { describeRecurrence, OPEN_ENDED_SERIES_END, type StoredWindow } from "@upwatch/core";
import type { Database, MaintenanceWindowTable } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { NotFoundError } from "../service-error.ts";
import { readWindowTargets } from "./window-targets.ts";
import { nextOccurrencesOf, storedWindowOf, windowStatus } from "./window-timing.ts";

type Db = Kysely<Database> | Transaction<Database>;
const iso = (at: number | string) => new Date(Number(at)).toISOString();

/** The facts of a window's rule and coming occurrences that both kinds of window answer. */
export function recurrenceFactsOf(window: StoredWindow, zone: string, now: number) {
  return {
    recurrence: window.rule,
    recurrence_text: window.rule ? describeRecurrence(window.rule, zone) : null,
    time_zone: zone,
    next_occurrences: nextOccurrencesOf(window, zone, now).map((occurrence) => ({
      starts_at: iso(occurrence.startsAt),
      ends_at: iso(occurrence.endsAt),
    })),
    skipped: [...window.skipped].sort((a, b) => a - b).map(iso),
  };
}

/** The API's view of some windows, in the order given. */
export async function viewWindows(
  db: Db,
  rows: readonly MaintenanceWindowTable[],
  zone: string,
  now: number,
): Promise<MaintenanceWindow[]> {
  const targets = await readWindowTargets(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const window = storedWindowOf(row);
    const endsAt = Number(row.ends_at);
    return {
      id: row.id,
      title: row.title,
      note: row.note,
      monitors: targets.get(row.id)?.monitors ?? [],
      groups: targets.get(row.id)?.groups ?? [],
      starts_at: iso(row.starts_at),
      ends_at: endsAt >= OPEN_ENDED_SERIES_END ? null : iso(endsAt),
      status: windowStatus(window, zone, now),
      ...recurrenceFactsOf(window, zone, now),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  });
}

/** The account's window with that id; NotFoundError otherwise. */
export async function findWindowRow(
  db: Db,
  accountId: string,
  windowId: string,
): Promise<MaintenanceWindowTable> {
  const row = await db
    .selectFrom("maintenance_windows")
    .selectAll()
    .where("id", "=", windowId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("maintenance window");
  return row;
}
