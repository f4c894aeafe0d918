import type { Database } from "@upwatch/db";
import type { Transaction } from "kysely";
import { maintenanceNotice } from "../../mail/messages/status-notice-text.ts";
import type { ServiceContext } from "../context.ts";
import { queueStatusNotice } from "../status-notices/queue-status-notice.ts";
import { firstOccurrence, type MaintenanceView } from "./maintenance-view.ts";

type Trx = Transaction<Database>;
type Ctx = Pick<ServiceContext, "now" | "newId">;
type Page = { id: string; name: string };

/**
 * Tells subscribers that a window announced to them will not take place. A window created
 * without notice was never theirs to hear about, so nothing is queued for it.
 */
export async function queueMaintenanceCancelled(
  trx: Trx,
  ctx: Ctx,
  page: Page,
  view: MaintenanceView,
): Promise<void> {
  if (view.maintenance.announced_at === null) return;
  await queueStatusNotice(trx, ctx, maintenanceNotice("maintenance-cancelled", facts(page, view)));
}

/** Tells subscribers the new times of a window announced to them that had not started yet. */
export async function queueMaintenanceRescheduled(
  trx: Trx,
  ctx: Ctx,
  page: Page,
  before: MaintenanceView,
  after: MaintenanceView,
): Promise<void> {
  const previous = {
    startsAt: Number(before.maintenance.starts_at),
    endsAt: Number(before.maintenance.ends_at),
  };
  const moved =
    previous.startsAt !== Number(after.maintenance.starts_at) ||
    previous.endsAt !== Number(after.maintenance.ends_at);
  if (before.status !== "scheduled" || !moved || after.maintenance.announced_at === null) return;
  await queueStatusNotice(
    trx,
    ctx,
    maintenanceNotice("maintenance-rescheduled", facts(page, after), previous),
  );
}

function facts(page: Page, view: MaintenanceView) {
  const window = view.maintenance;
  return {
    pageId: page.id,
    pageName: page.name,
    title: window.title,
    message: window.message,
    ...firstOccurrence(view, Number(window.starts_at), Number(window.ends_at)),
    components: view.components.map((component) => component.name),
    repeats: view.recurrence.recurrence_text,
  };
}
