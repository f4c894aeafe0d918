import { STATUS_PAGE_LIMITS } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** One daily bar: the day's start (UTC) and its checks; `checks` 0 means no data. */
export interface UptimeDay {
  day: number;
  checks: number;
  up: number;
}

const DAY_MS = 86_400_000;

/**
 * The 90 daily bars of each component from its linked monitors' daily rollups, oldest first,
 * and the uptime over them in percent (null when no check ran).
 */
export async function readUptimeBars(
  db: Kysely<Database>,
  componentIds: string[],
  now: number,
): Promise<Map<string, { days: UptimeDay[]; uptime: number | null }>> {
  const result = new Map<string, { days: UptimeDay[]; uptime: number | null }>();
  if (componentIds.length === 0) return result;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = today - (STATUS_PAGE_LIMITS.historyDays - 1) * DAY_MS;
  const links = await db
    .selectFrom("status_component_monitors")
    .selectAll()
    .where("component_id", "in", componentIds)
    .execute();
  const monitorIds = [...new Set(links.map((l) => l.monitor_id))];
  const rollups = monitorIds.length
    ? await db
        .selectFrom("check_rollups")
        .select(["monitor_id", "period_start", "checks", "up_checks"])
        .where("bucket_seconds", "=", 86_400)
        .where("monitor_id", "in", monitorIds)
        .where("period_start", ">=", first)
        .execute()
    : [];
  for (const componentId of componentIds) {
    const mine = new Set(
      links.filter((l) => l.component_id === componentId).map((l) => l.monitor_id),
    );
    const days: UptimeDay[] = [];
    for (let day = first; day <= today; day += DAY_MS) days.push({ day, checks: 0, up: 0 });
    for (const row of rollups) {
      if (!mine.has(row.monitor_id)) continue;
      const index = Math.floor((Number(row.period_start) - first) / DAY_MS);
      const bar = days[index];
      if (!bar) continue;
      bar.checks += Number(row.checks);
      bar.up += Number(row.up_checks);
    }
    const checks = days.reduce((sum, d) => sum + d.checks, 0);
    const up = days.reduce((sum, d) => sum + d.up, 0);
    result.set(componentId, {
      days: mine.size ? days : [],
      uptime: checks ? Math.floor((up / checks) * 10_000) / 100 : null,
    });
  }
  return result;
}
