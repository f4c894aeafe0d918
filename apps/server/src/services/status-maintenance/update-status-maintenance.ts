import type { statusPageRequestSchemas } from "@upwatch/api";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { replaceWindowComponents, requireValidWindow } from "./maintenance-rules.ts";
import { loadMaintenance, type MaintenanceView } from "./maintenance-view.ts";
import { queueMaintenanceRescheduled } from "./queue-maintenance-notice.ts";

export type UpdateMaintenanceInput = z.output<typeof statusPageRequestSchemas.updateMaintenance>;

/**
 * Changes a window that has not ended; fields left out keep their values. New times for an
 * announced window that has not started are mailed to subscribers.
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
      const startsAt = input.starts_at
        ? Date.parse(input.starts_at)
        : Number(maintenance.starts_at);
      const endsAt = input.ends_at ? Date.parse(input.ends_at) : Number(maintenance.ends_at);
      requireValidWindow(startsAt, endsAt, now);
      await trx
        .updateTable("status_maintenances")
        .set({
          title: input.title ?? maintenance.title,
          message: input.message ?? maintenance.message,
          starts_at: startsAt,
          ends_at: endsAt,
          // A window moved back into the future announces its start again.
          started_notice_at: startsAt > now ? null : maintenance.started_notice_at,
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

/** Refuses changes to a window that has ended or was cancelled. */
export function requireChangeable(status: MaintenanceView["status"]): void {
  if (status === "cancelled") {
    throw new ServiceError("conflict", "This maintenance window was cancelled.");
  }
  if (status === "completed")
    throw new ServiceError("conflict", "This maintenance window has ended.");
}
