import type { MaintenanceWindow } from "@upwatch/api";
import { MAX_SKIPPED_OCCURRENCES, occurrencesWithin, type StoredWindow } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findWindowRow, viewWindows } from "./window-record.ts";
import { storedWindowOf } from "./window-timing.ts";

/**
 * Answers the skip list with `startsAt` added, after checking it is the start of an occurrence
 * of the series that has not begun. Shared by both kinds of window.
 */
export function skipOccurrence(
  window: StoredWindow,
  zone: string,
  startsAt: number,
  now: number,
): string {
  if (!window.rule) {
    throw new ServiceError(
      "invalid",
      "Only a recurring window has occurrences to skip; delete or change this one instead.",
    );
  }
  const [match] = occurrencesWithin(window, zone, { from: startsAt, to: startsAt }).filter(
    (occurrence) => occurrence.startsAt === startsAt,
  );
  if (!match) {
    throw new ServiceError(
      "invalid",
      "occurrence_starts_at is not the start of an occurrence of this window; use a time from next_occurrences.",
    );
  }
  if (match.startsAt <= now) {
    throw new ServiceError(
      "conflict",
      "That occurrence has already begun; only coming occurrences can be skipped.",
    );
  }
  if (window.skipped.size >= MAX_SKIPPED_OCCURRENCES) {
    throw new ServiceError(
      "conflict",
      `A window can skip at most ${MAX_SKIPPED_OCCURRENCES} occurrences.`,
    );
  }
  return JSON.stringify([...window.skipped, startsAt].sort((a, b) => a - b));
}

/** Cancels one coming occurrence of a recurring window of monitors and groups. */
export async function skipMaintenanceOccurrence(
  ctx: ServiceContext,
  access: AccountAccess,
  windowId: string,
  occurrenceStartsAt: string,
): Promise<MaintenanceWindow> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const now = ctx.now();
      const row = await findWindowRow(trx, access.accountId, windowId);
      const zone = await readAccountTimeZone(trx, access.accountId);
      const startsAt = Date.parse(occurrenceStartsAt);
      const skipped = skipOccurrence(storedWindowOf(row), zone, startsAt, now);
      await trx
        .updateTable("maintenance_windows")
        .set({ skipped, updated_at: now })
        .where("id", "=", row.id)
        .execute();
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "maintenance_window.occurrence_skipped",
        target: { type: "maintenance_window", id: row.id, label: row.title },
        changes: { skipped: { before: null, after: new Date(startsAt).toISOString() } },
      });
      const [view] = await viewWindows(
        trx,
        [await findWindowRow(trx, access.accountId, row.id)],
        zone,
        now,
      );
      return view as MaintenanceWindow;
    }),
  );
}
