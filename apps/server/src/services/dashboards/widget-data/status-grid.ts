import { getMonitorOverview } from "../../monitors/get-monitor-overview.ts";
import type { WidgetLoader } from "./widget-loader.ts";

/** The chosen monitors and every monitor of the chosen groups; every monitor when none is chosen. */
export const loadStatusGrid: WidgetLoader<"status_grid"> = async ({ ctx, access }, settings) => {
  const everything = settings.monitor_ids.length === 0 && settings.group_ids.length === 0;
  const chosen = new Set(settings.monitor_ids);
  if (settings.group_ids.length > 0) {
    const members = await ctx.db
      .selectFrom("monitor_group_members")
      .select("monitor_id")
      .where("group_id", "in", settings.group_ids)
      .execute();
    for (const member of members) chosen.add(member.monitor_id);
  }
  const overviews = await getMonitorOverview(ctx, access);
  const names = await ctx.db
    .selectFrom("monitors")
    .select(["id", "name"])
    .where("account_id", "=", access.accountId)
    .execute();
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return {
    type: "status_grid",
    monitors: overviews
      .filter((overview) => everything || chosen.has(overview.monitorId))
      .map((overview) => ({
        name: nameOf.get(overview.monitorId) ?? "",
        status: overview.status,
        uptime_24h: overview.uptime24h,
      })),
  };
};
