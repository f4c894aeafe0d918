import type { HealthStatus } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { readUptimeFigures, type UptimeFigures } from "../checks/uptime-figures.ts";
import { type MonitorStatus, monitorStatus } from "../monitors/monitor-status.ts";
import { hashBadgeKey, looksLikeBadgeKey } from "./badge-key.ts";

/** What a public badge may tell of its monitor: its state and figures, never its name or id. */
export interface PublicBadgeSubject {
  status: MonitorStatus;
  figures: UptimeFigures | undefined;
}

/**
 * The monitor whose badges `key` opens, with its figures when asked; undefined for a key of no monitor
 * with badges on, whatever the reason, so every unknown key answers alike.
 */
export async function readPublicBadge(
  db: Kysely<Database>,
  key: string,
  now: number,
  withFigures: boolean,
): Promise<PublicBadgeSubject | undefined> {
  if (!looksLikeBadgeKey(key)) return undefined;
  const monitor = await db
    .selectFrom("monitor_badges")
    .innerJoin("monitors", "monitors.id", "monitor_badges.monitor_id")
    .select(["monitors.id", "monitors.paused", "monitors.state"])
    .where("monitor_badges.key_hash", "=", hashBadgeKey(key))
    .executeTakeFirst();
  if (!monitor) return undefined;
  const figures = withFigures
    ? await readUptimeFigures(db, { monitorId: monitor.id }, now)
    : undefined;
  return {
    status: monitorStatus({ paused: monitor.paused === 1, state: monitor.state as HealthStatus }),
    figures: figures?.get(monitor.id),
  };
}
