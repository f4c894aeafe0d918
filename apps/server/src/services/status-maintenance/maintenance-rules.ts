import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import { ServiceError } from "../service-error.ts";
import { pageComponentNames, requirePageComponents } from "../status-incidents/page-components.ts";

/** The longest a window may last. */
export const MAX_WINDOW_MS = 7 * 86_400_000;
/** How far ahead a window may start. */
export const MAX_LEAD_MS = 366 * 86_400_000;

/** Refuses a window that ends before it starts, lasts too long, has ended or starts too far ahead. */
export function requireValidWindow(startsAt: number, endsAt: number, now: number): void {
  if (startsAt >= endsAt) throw new ServiceError("invalid", "ends_at must be after starts_at.");
  if (endsAt - startsAt > MAX_WINDOW_MS) {
    throw new ServiceError("invalid", "A maintenance window can last at most 7 days.");
  }
  if (endsAt <= now) throw new ServiceError("invalid", "ends_at must be in the future.");
  if (startsAt > now + MAX_LEAD_MS) {
    throw new ServiceError("invalid", "starts_at can be at most 366 days ahead.");
  }
}

/** Links the window to exactly these components of its page. */
export async function replaceWindowComponents(
  trx: Transaction<Database>,
  pageId: string,
  maintenanceId: string,
  componentIds: readonly string[],
): Promise<void> {
  requirePageComponents("component_ids", componentIds, await pageComponentNames(trx, pageId));
  await trx
    .deleteFrom("status_maintenance_components")
    .where("maintenance_id", "=", maintenanceId)
    .execute();
  if (componentIds.length === 0) return;
  await trx
    .insertInto("status_maintenance_components")
    .values(componentIds.map((id) => ({ maintenance_id: maintenanceId, component_id: id })))
    .execute();
}
