import type { MaintenanceWindow, maintenanceWindowRequestSchemas } from "@upwatch/api";
import type { Database, MaintenanceWindowTable } from "@upwatch/db";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findWindowRow, viewWindows } from "./window-record.ts";
import { readWindowTargets, replaceWindowTargets } from "./window-targets.ts";
import { resolveTiming, type WindowTiming } from "./window-timing.ts";

export type UpdateWindowInput = z.output<typeof maintenanceWindowRequestSchemas.update>;

/**
 * Changes a window; fields left out keep their values. New timing on a series that has begun
 * applies from now on: the occurrences so far are kept, under the old rule, as a past window of
 * their own (for reports and the record), and this window continues with the new timing.
 */
export async function updateMaintenanceWindow(
  ctx: ServiceContext,
  access: AccountAccess,
  windowId: string,
  input: UpdateWindowInput,
): Promise<MaintenanceWindow> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const now = ctx.now();
      const before = await findWindowRow(trx, access.accountId, windowId);
      const zone = await readAccountTimeZone(trx, access.accountId);
      const retimed = input.recurrence !== undefined || input.starts_at !== undefined;
      const timing: WindowTiming = retimed
        ? resolveTiming(input, zone, now)
        : {
            startsAt: Number(before.starts_at),
            endsAt: Number(before.ends_at),
            recurrence: before.recurrence,
          };
      if (retimed && before.recurrence !== null && Number(before.starts_at) < now) {
        await keepPastOccurrences(trx, ctx, before, now);
      }
      await trx
        .updateTable("maintenance_windows")
        .set({
          title: input.title ?? before.title,
          note: input.note ?? before.note,
          starts_at: timing.startsAt,
          ends_at: timing.endsAt,
          recurrence: timing.recurrence,
          // Skips stay: an occurrence skipped under the old rule stays skipped if the new one has it.
          skipped: before.skipped,
          updated_at: now,
        })
        .where("id", "=", before.id)
        .execute();
      await replaceWindowTargets(trx, access.accountId, before.id, {
        monitorIds: input.monitor_ids,
        groupIds: input.group_ids,
      });
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "maintenance_window.updated",
        target: { type: "maintenance_window", id: before.id, label: input.title ?? before.title },
        changes: retimed
          ? { timing: { before: before.recurrence ?? "once", after: timing.recurrence ?? "once" } }
          : null,
      });
      const row = await findWindowRow(trx, access.accountId, before.id);
      const [view] = await viewWindows(trx, [row], zone, now);
      return view as MaintenanceWindow;
    }),
  );
}

/** Copies the series, cut at `now`, with its monitors and groups, as a window of the past. */
async function keepPastOccurrences(
  trx: Transaction<Database>,
  ctx: Pick<ServiceContext, "newId">,
  series: MaintenanceWindowTable,
  now: number,
): Promise<void> {
  const id = ctx.newId("mwin");
  await trx
    .insertInto("maintenance_windows")
    .values({ ...series, id, ends_at: Math.min(Number(series.ends_at), now), updated_at: now })
    .execute();
  const targets = (await readWindowTargets(trx, [series.id])).get(series.id);
  await replaceWindowTargets(trx, series.account_id, id, {
    monitorIds: targets?.monitors.map((monitor) => monitor.id) ?? [],
    groupIds: targets?.groups.map((group) => group.id) ?? [],
  });
}
