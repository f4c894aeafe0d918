import type { statusPageRequestSchemas } from "@upwatch/api";
import type { Database, StatusMaintenanceTable } from "@upwatch/db";
import type { Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { resolveTiming, type WindowTiming } from "../maintenance-windows/window-timing.ts";
import { ServiceError } from "../service-error.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { replaceWindowComponents, requireValidWindow } from "./maintenance-rules.ts";
import { loadMaintenance, type MaintenanceView } from "./maintenance-view.ts";
import { queueMaintenanceRescheduled } from "./queue-maintenance-notice.ts";

export type UpdateMaintenanceInput = z.output<typeof statusPageRequestSchemas.updateMaintenance>;

/**
 * Changes a window that has not ended; fields left out keep their values. New times for an
 * announced window that has not started are mailed to subscribers. A new rule for a series
 * that has begun applies from now on: its occurrences so far stay as a past window of their own.
 */
export async function updateStatusMaintenance(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  ids: { pageId: string; maintenanceId: string },
  input: UpdateMaintenanceInput,
): Promise<MaintenanceView> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, ids.pageId);
      const now = ctx.now();
      const before = await loadMaintenance(trx, page.id, ids.maintenanceId, now);
      const { maintenance } = before;
      requireChangeable(before.status);
      const zone = await readAccountTimeZone(trx, access.accountId);
      const timing = newTiming(maintenance, input, zone, now);
      if (maintenance.recurrence && timing.recurrence !== maintenance.recurrence) {
        if (Number(maintenance.starts_at) < now)
          await keepPastOccurrences(trx, ctx, maintenance, now);
      }
      await trx
        .updateTable("status_maintenances")
        .set({
          title: input.title ?? maintenance.title,
          message: input.message ?? maintenance.message,
          starts_at: timing.startsAt,
          ends_at: timing.endsAt,
          recurrence: timing.recurrence,
          skipped: timing.recurrence ? maintenance.skipped : null,
          // A window moved back into the future announces its start again.
          started_notice_at: timing.startsAt > now ? null : maintenance.started_notice_at,
          updated_at: now,
        })
        .where("id", "=", maintenance.id)
        .execute();
      if (input.component_ids) {
        await replaceWindowComponents(trx, page.id, maintenance.id, input.component_ids);
      }
      await touchStatusPage(trx, page.id, now);
      const changed = await loadMaintenance(trx, page.id, maintenance.id, now);
      await queueMaintenanceRescheduled(trx, ctx, page, before, changed);
      return changed;
    }),
  );
}

/** The timing after the change: a new rule, new times, or the stored ones. */
function newTiming(
  maintenance: Selectable<StatusMaintenanceTable>,
  input: UpdateMaintenanceInput,
  zone: string,
  now: number,
): WindowTiming {
  if (input.recurrence) return resolveTiming({ recurrence: input.recurrence }, zone, now);
  const times = input.starts_at !== undefined || input.ends_at !== undefined;
  if (maintenance.recurrence && input.recurrence === undefined) {
    if (times) {
      throw new ServiceError(
        "invalid",
        "This window recurs: change recurrence, or send recurrence null with starts_at and ends_at to make it one window.",
      );
    }
    return {
      startsAt: Number(maintenance.starts_at),
      endsAt: Number(maintenance.ends_at),
      recurrence: maintenance.recurrence,
    };
  }
  if (maintenance.recurrence && (input.starts_at === undefined || input.ends_at === undefined)) {
    throw new ServiceError(
      "invalid",
      "Send starts_at and ends_at to make this recurring window one window.",
    );
  }
  const startsAt = input.starts_at ? Date.parse(input.starts_at) : Number(maintenance.starts_at);
  const endsAt = input.ends_at ? Date.parse(input.ends_at) : Number(maintenance.ends_at);
  requireValidWindow(startsAt, endsAt, now);
  return { startsAt, endsAt, recurrence: null };
}

/** Copies the series, cut at `now`, with its components, as a window of the past. */
async function keepPastOccurrences(
  trx: Transaction<Database>,
  ctx: Pick<ServiceContext, "newId">,
  series: Selectable<StatusMaintenanceTable>,
  now: number,
): Promise<void> {
  const id = ctx.newId("maint");
  await trx
    .insertInto("status_maintenances")
    .values({
      ...series,
      id,
      ends_at: Math.min(Number(series.ends_at), now),
      ended_notice_at: now,
      updated_at: now,
    })
    .execute();
  const components = await trx
    .selectFrom("status_maintenance_components")
    .select("component_id")
    .where("maintenance_id", "=", series.id)
    .execute();
  if (components.length === 0) return;
  await trx
    .insertInto("status_maintenance_components")
    .values(components.map((row) => ({ maintenance_id: id, component_id: row.component_id })))
    .execute();
}

/** Refuses changes to a window that has ended or was cancelled. */
export function requireChangeable(status: MaintenanceView["status"]): void {
  if (status === "cancelled") {
    throw new ServiceError("conflict", "This maintenance window was cancelled.");
  }
  if (status === "completed")
    throw new ServiceError("conflict", "This maintenance window has ended.");
}
