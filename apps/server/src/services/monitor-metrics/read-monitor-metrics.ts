import type { HealthStatus } from "@upwatch/core";
import type { AccountAccess } from "../accounts/account-access.ts";
import { readUptimeFigures, type UptimeFigures } from "../checks/uptime-figures.ts";
import type { ServiceContext } from "../context.ts";
import { type MonitorStatus, monitorStatus } from "../monitors/monitor-status.ts";
import { ServiceError } from "../service-error.ts";

/** One monitor's figures as a scrape reports them. */
export interface MonitorMetrics {
  id: string;
  name: string;
  type: string;
  /** The names of the monitor's groups, sorted. */
  groups: string[];
  status: MonitorStatus;
  lastCheckedAt: number | null;
  lastResponseMs: number | null;
  figures: UptimeFigures | undefined;
}

/**
 * Every monitor of the account with its state, last check and uptime figures, for a metrics
 * scrape. Only an API key may scrape: a scrape is a machine's standing job, and keys are what
 * the account revokes and names for machines.
 */
export async function readMonitorMetrics(
  ctx: ServiceContext,
  access: AccountAccess,
): Promise<MonitorMetrics[]> {
  if (!access.apiKeyId) {
    throw new ServiceError(
      "forbidden",
      "Scrape the metrics with an API key (Authorization: Bearer uw_...); a signed-in session cannot.",
    );
  }
  const monitors = await ctx.db
    .selectFrom("monitors")
    .leftJoin("check_results", (join) =>
      join
        .onRef("check_results.monitor_id", "=", "monitors.id")
        .onRef("check_results.checked_at", "=", "monitors.last_checked_at"),
    )
    .select([
      "monitors.id",
      "monitors.name",
      "monitors.type",
      "monitors.paused",
      "monitors.state",
      "monitors.last_checked_at",
      "check_results.response_ms",
    ])
    .where("monitors.account_id", "=", access.accountId)
    .orderBy("monitors.created_at")
    .orderBy("monitors.id")
    .execute();
  const groups = await ctx.db
    .selectFrom("monitor_group_members")
    .innerJoin("monitor_groups", "monitor_groups.id", "monitor_group_members.group_id")
    .select(["monitor_group_members.monitor_id", "monitor_groups.name"])
    .where("monitor_groups.account_id", "=", access.accountId)
    .orderBy("monitor_groups.name")
    .execute();
  const groupsOf = new Map<string, string[]>();
  for (const row of groups) {
    groupsOf.set(row.monitor_id, [...(groupsOf.get(row.monitor_id) ?? []), row.name]);
  }
  const figures = await readUptimeFigures(ctx.db, { accountId: access.accountId }, ctx.now());
  const seen = new Set<string>();
  const metrics: MonitorMetrics[] = [];
  for (const row of monitors) {
    // Checks of two regions may finish in the same millisecond; the monitor is reported once.
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    metrics.push({
      id: row.id,
      name: row.name,
      type: row.type,
      groups: groupsOf.get(row.id) ?? [],
      status: monitorStatus({ paused: row.paused === 1, state: row.state as HealthStatus }),
      lastCheckedAt: row.last_checked_at === null ? null : Number(row.last_checked_at),
      lastResponseMs: row.response_ms,
      figures: figures.get(row.id),
    });
  }
  return metrics;
}
