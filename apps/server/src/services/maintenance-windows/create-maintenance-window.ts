import {
  MAX_MAINTENANCE_WINDOWS,
  type MaintenanceWindow,
  type maintenanceWindowRequestSchemas,
} from "@upwatch/api";
import type { z } from "zod";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readAccountTimeZone } from "../accounts/account-time-zone.ts";
import { lockAccount } from "../accounts/lock-account.ts";
import { actorOf, recordAuditEvent } from "../audit/record-audit-event.ts";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../service-error.ts";
import { storeOrExplain } from "../storage-error.ts";
import { findWindowRow, viewWindows } from "./window-record.ts";
import { replaceWindowTargets } from "./window-targets.ts";
import { resolveTiming } from "./window-timing.ts";

export type CreateWindowInput = z.output<typeof maintenanceWindowRequestSchemas.create>;

/** Schedules maintenance of monitors and groups, once or recurring, in the account's time zone. */
export async function createMaintenanceWindow(
  ctx: ServiceContext,
  access: AccountAccess,
  input: CreateWindowInput,
): Promise<MaintenanceWindow> {
  return storeOrExplain("the maintenance window", () =>
    ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, access.accountId);
      const now = ctx.now();
      const zone = await readAccountTimeZone(trx, access.accountId);
      const timing = resolveTiming(input, zone, now);
      const { count } = await trx
        .selectFrom("maintenance_windows")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("account_id", "=", access.accountId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_MAINTENANCE_WINDOWS) {
        throw new ServiceError(
          "conflict",
          `An account can keep at most ${MAX_MAINTENANCE_WINDOWS} maintenance windows; delete past ones first.`,
        );
      }
      const id = ctx.newId("mwin");
      await trx
        .insertInto("maintenance_windows")
        .values({
          id,
          account_id: access.accountId,
          title: input.title,
          note: input.note ?? "",
          starts_at: timing.startsAt,
          ends_at: timing.endsAt,
          recurrence: timing.recurrence,
          skipped: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await replaceWindowTargets(trx, access.accountId, id, {
        monitorIds: input.monitor_ids ?? [],
        groupIds: input.group_ids ?? [],
      });
      await recordAuditEvent(trx, ctx, access.accountId, actorOf(access), {
        action: "maintenance_window.created",
        target: { type: "maintenance_window", id, label: input.title },
      });
      const [view] = await viewWindows(
        trx,
        [await findWindowRow(trx, access.accountId, id)],
        zone,
        now,
      );
      return view as MaintenanceWindow;
    }),
  );
}
