import type { StatusMaintenanceTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import { maintenanceNotice } from "../../mail/messages/status-notice-text.ts";
import type { ServiceContext } from "../context.ts";
import { queueStatusNotice } from "../status-notices/queue-status-notice.ts";
import { touchStatusPage } from "../status-pages/owned-page.ts";
import { viewMaintenances } from "./maintenance-view.ts";

const PER_RUN = 100;

/**
 * Tells subscribers that windows started or completed, once each, and moves the pages' version
 * at those moments (what visitors see changes though nobody edited anything). A window that
 * started and ended unseen (the server was down) is marked without mail.
 */
export async function announceMaintenanceBoundaries(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .selectFrom("status_maintenances")
    .selectAll()
    .where("cancelled_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([eb("started_notice_at", "is", null), eb("starts_at", "<=", now)]),
        eb.and([eb("ended_notice_at", "is", null), eb("ends_at", "<=", now)]),
      ]),
    )
    .orderBy("starts_at")
    .limit(PER_RUN)
    .execute();
  for (const window of due) await announce(ctx, window, now);
  return due.length;
}

async function announce(
  ctx: ServiceContext,
  window: Selectable<StatusMaintenanceTable>,
  now: number,
) {
  await ctx.transact(async (trx) => {
    const page = await trx
      .selectFrom("status_pages")
      .select(["id", "name"])
      .where("id", "=", window.page_id)
      .executeTakeFirstOrThrow();
    const [view] = await viewMaintenances(trx, [window], now);
    const ended = Number(window.ends_at) <= now;
    const kind = ended
      ? window.started_notice_at === null
        ? undefined
        : "maintenance-completed"
      : "maintenance-started";
    // Another process may have announced it first: only the one that marks it sends mail.
    const marked = await trx
      .updateTable("status_maintenances")
      .set(
        ended
          ? { started_notice_at: window.started_notice_at ?? now, ended_notice_at: now }
          : { started_notice_at: now },
      )
      .where("id", "=", window.id)
      .where(ended ? "ended_notice_at" : "started_notice_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    await touchStatusPage(trx, page.id, now);
    if (!kind) return;
    await queueStatusNotice(
      trx,
      ctx,
      maintenanceNotice(kind, {
        pageId: page.id,
        pageName: page.name,
        title: window.title,
        message: window.message,
        startsAt: Number(window.starts_at),
        endsAt: Number(window.ends_at),
        components: view?.components.map((component) => component.name) ?? [],
      }),
    );
  });
}
