import type { AlertTable } from "@upwatch/db";
import type { ServiceContext } from "../context.ts";

/** What an alert's page shows. */
export interface AlertPageFacts {
  alert: AlertTable;
  /** The name of the monitor, or of the agent, the alert is about. */
  monitorName: string;
}

/** The alert whose page token this is, or null (a wrong or stale link). */
export async function findAlertByPageToken(
  ctx: ServiceContext,
  token: string,
): Promise<AlertPageFacts | null> {
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(token)) return null;
  const row = await ctx.db
    .selectFrom("alerts")
    .leftJoin("monitors", "monitors.id", "alerts.monitor_id")
    .leftJoin("agents", "agents.id", "alerts.agent_id")
    .selectAll("alerts")
    .select(["monitors.name as monitor_name", "agents.name as agent_name"])
    .where("alerts.page_token", "=", token)
    .executeTakeFirst();
  if (!row) return null;
  const { monitor_name, agent_name, ...alert } = row;
  return { alert, monitorName: monitor_name ?? agent_name ?? "" };
}
