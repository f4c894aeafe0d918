import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import type { ReportMember } from "./report-subject.ts";

/** Members asked about in one query, under the databases' limits on bound values. */
const CHUNK = 400;

/** One down period of a member as stored: an incident, or an agent's offline alert. */
export interface StoredOutage {
  memberId: string;
  startedAt: number;
  endedAt: number | null;
  cause: string;
}

/** "HTTP 503: Service unavailable.": the cause as the monitor page writes it. */
function incidentCause(cause: string, statusCode: number | null): string {
  return statusCode ? `HTTP ${statusCode}: ${cause}` : cause;
}

/**
 * The outages of the members that overlap the period, oldest first: a monitor's incidents
 * (with the failing check's message) and an agent's offline alerts (with their message).
 */
export async function loadMemberOutages(
  db: Kysely<Database>,
  members: readonly ReportMember[],
  span: { from: number; to: number },
): Promise<StoredOutage[]> {
  const monitorIds = members.filter((m) => m.kind === "monitor").map((m) => m.id);
  const agentIds = members.filter((m) => m.kind === "agent").map((m) => m.id);
  const outages: StoredOutage[] = [];
  for (let i = 0; i < monitorIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("incidents")
      .select(["monitor_id", "started_at", "ended_at", "cause", "status_code"])
      .where("monitor_id", "in", monitorIds.slice(i, i + CHUNK))
      .where("started_at", "<", span.to)
      .where((eb) => eb.or([eb("ended_at", "is", null), eb("ended_at", ">", span.from)]))
      .execute();
    for (const row of rows) {
      outages.push({
        memberId: row.monitor_id,
        startedAt: Number(row.started_at),
        endedAt: row.ended_at === null ? null : Number(row.ended_at),
        cause: incidentCause(row.cause, row.status_code),
      });
    }
  }
  for (let i = 0; i < agentIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("alerts")
      .select(["agent_id", "opened_at", "resolved_at", "message"])
      .where("agent_id", "in", agentIds.slice(i, i + CHUNK))
      .where("kind", "=", "agent-offline")
      .where("opened_at", "<", span.to)
      .where((eb) => eb.or([eb("resolved_at", "is", null), eb("resolved_at", ">", span.from)]))
      .execute();
    for (const row of rows) {
      if (row.agent_id === null) continue;
      outages.push({
        memberId: row.agent_id,
        startedAt: Number(row.opened_at),
        endedAt: row.resolved_at === null ? null : Number(row.resolved_at),
        cause: row.message,
      });
    }
  }
  return outages.sort((a, b) => a.startedAt - b.startedAt || a.memberId.localeCompare(b.memberId));
}
