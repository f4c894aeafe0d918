import { MAX_OCCURRENCE_MINUTES, occurrencesWithin } from "@upwatch/core";
import type { StatusMaintenanceTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import { maintenanceNotice } from "../../mail/messages/status-notice-text.ts";
import type { ServiceContext } from "../context.ts";
import { storedWindowOf } from "../maintenance-windows/window-timing.ts";
import { queueStatusNotice } from "../status-notices/queue-status-notice.ts";
import { touchStatusPage } from "../status-pages/owned-page.ts";
import { viewMaintenances } from "./maintenance-view.ts";

const PER_RUN = 100;
const MAX_OCCURRENCE_MS = MAX_OCCURRENCE_MINUTES.weekly * 60_000;
/** A series that ended this long ago has had its last boundary seen. */
const LOOK_BACK_MS = 86_400_000;

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
    .where("recurrence", "is", null)
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
  return due.length + (await refreshAtOccurrenceBoundaries(ctx, now));
}

/**
 * Moves the version of pages whose recurring windows began or ended an occurrence since last
 * looked at, so visitors see it. Occurrences are not mailed: subscribers heard of the series
 * when it was scheduled, and a daily window would otherwise mail them twice a day.
 */
async function refreshAtOccurrenceBoundaries(ctx: ServiceContext, now: number): Promise<number> {
  const series = await ctx.db
    .selectFrom("status_maintenances as m")
    .innerJoin("status_pages as p", "p.id", "m.page_id")
    .innerJoin("accounts as a", "a.id", "p.account_id")
    .select(["m.id", "m.page_id", "m.starts_at", "m.ends_at", "m.recurrence", "m.skipped"])
    .select(["m.boundary_seen_at", "m.created_at", "a.time_zone"])
    .where("m.cancelled_at", "is", null)
    .where("m.recurrence", "is not", null)
    .where("m.starts_at", "<=", now)
    .where("m.ends_at", ">", now - LOOK_BACK_MS)
    .execute();
  let moved = 0;
  for (const row of series) {
    const seen = Number(row.boundary_seen_at ?? row.created_at);
    const span = { from: seen - MAX_OCCURRENCE_MS, to: now };
    const passed = occurrencesWithin(storedWindowOf(row), row.time_zone, span).some(
      ({ startsAt, endsAt }) =>
        (startsAt > seen && startsAt <= now) || (endsAt > seen && endsAt <= now),
    );
    if (!passed) continue;
    await ctx.transact(async (trx) => {
      await trx
        .updateTable("status_maintenances")
        .set({ boundary_seen_at: now })
        .where("id", "=", row.id)
        .execute();
      await touchStatusPage(trx, row.page_id, now);
    });
    moved += 1;
  }
  return moved;
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
