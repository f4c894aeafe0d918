import type { statusPageRequestSchemas } from "@upwatch/api";
import type { z } from "zod";
import { maintenanceNotice } from "../../mail/messages/status-notice-text.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { resolveTiming } from "../maintenance-windows/window-timing.ts";
import { queueStatusNotice } from "../status-notices/queue-status-notice.ts";
import { findOwnedPage, touchStatusPage } from "../status-pages/owned-page.ts";
import { storeOrExplain } from "../storage-error.ts";
import { replaceWindowComponents } from "./maintenance-rules.ts";
import { firstOccurrence, loadMaintenance, type MaintenanceView } from "./maintenance-view.ts";

export type CreateMaintenanceInput = z.output<typeof statusPageRequestSchemas.createMaintenance>;

/** Schedules a maintenance window; subscribers are told unless `notify_subscribers` is false. */
export async function createStatusMaintenance(
  ctx: ServiceContext,
  access: Pick<AccountAccess, "accountId">,
  pageId: string,
  input: CreateMaintenanceInput,
): Promise<MaintenanceView> {
  return storeOrExplain("the maintenance window", () =>
    ctx.transact(async (trx) => {
      const page = await findOwnedPage(trx, access, pageId);
      const now = ctx.now();
      const zone = await readAccountTimeZone(trx, access.accountId);
      const { startsAt, endsAt, recurrence } = resolveTiming(input, zone, now);
      const id = ctx.newId("maint");
      await trx
        .insertInto("status_maintenances")
        .values({
          id,
          page_id: page.id,
          title: input.title,
          message: input.message,
          starts_at: startsAt,
          ends_at: endsAt,
          cancelled_at: null,
          started_notice_at: null,
          ended_notice_at: null,
          announced_at: input.notify_subscribers === false ? null : now,
          recurrence,
          skipped: null,
          boundary_seen_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await replaceWindowComponents(trx, page.id, id, input.component_ids);
      await touchStatusPage(trx, page.id, now);
      const view = await loadMaintenance(trx, page.id, id, now);
      if (input.notify_subscribers !== false) {
        await queueStatusNotice(
          trx,
          ctx,
          maintenanceNotice("maintenance-scheduled", {
            pageId: page.id,
            pageName: page.name,
            title: input.title,
            message: input.message,
            ...firstOccurrence(view, startsAt, endsAt),
            components: view.components.map((component) => component.name),
            repeats: view.recurrence.recurrence_text,
          }),
        );
      }
      return view;
    }),
  );
}
