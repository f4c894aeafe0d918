import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { type HoldingParent, suppressedChildren } from "./suppressed-children.ts";

/** The names of the monitors and agents alerts are about, keyed `monitor:<id>` / `agent:<id>`. */
export async function loadSubjectNames(
  db: Kysely<Database>,
  alerts: readonly Pick<AlertTable, "monitor_id" | "agent_id">[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const monitors = [...new Set(alerts.flatMap((a) => (a.monitor_id ? [a.monitor_id] : [])))];
  const agents = [...new Set(alerts.flatMap((a) => (a.agent_id ? [a.agent_id] : [])))];
  if (monitors.length) {
    const rows = await db
      .selectFrom("monitors")
      .select(["id", "name"])
      .where("id", "in", monitors)
      .execute();
    for (const row of rows) names.set(`monitor:${row.id}`, row.name);
  }
  if (agents.length) {
    const rows = await db
      .selectFrom("agents")
      .select(["id", "name"])
      .where("id", "in", agents)
      .execute();
    for (const row of rows) names.set(`agent:${row.id}`, row.name);
  }
  return names;
}

/** The down parent monitors of each agent whose parents are all down. */
export async function loadAgentSuppression(
  db: Kysely<Database>,
  agentIds: readonly string[],
): Promise<Map<string, HoldingParent[]>> {
  const unique = [...new Set(agentIds)];
  if (unique.length === 0) return new Map();
  const edges = await db
    .selectFrom("agent_dependencies")
    .innerJoin("monitors", "monitors.id", "agent_dependencies.parent_monitor_id")
    .select([
      "agent_dependencies.agent_id as child",
      "monitors.id as parent",
      "monitors.name",
      "monitors.state",
    ])
    .where("agent_dependencies.agent_id", "in", unique)
    .execute();
  return suppressedChildren(edges);
}
