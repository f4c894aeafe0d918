import { type ComponentState, followedState } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { ServiceError } from "../service-error.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A monitor as a component's links show it: never its target or settings. */
export interface LinkedMonitor {
  id: string;
  name: string;
  status: "up" | "down" | "paused" | "pending";
}

/** How the state rules of `@upwatch/core` read a linked monitor. */
export function healthOf(monitor: LinkedMonitor): "up" | "down" | "unknown" | "paused" {
  return monitor.status === "pending" ? "unknown" : monitor.status;
}

/** Throws, naming the id, when any of the monitors is not the account's. */
export async function enforceOwnMonitors(
  db: Db,
  accountId: string,
  monitorIds: readonly string[],
): Promise<void> {
  if (monitorIds.length === 0) return;
  const found = await db
    .selectFrom("monitors")
    .select("id")
    .where("account_id", "=", accountId)
    .where("id", "in", [...monitorIds])
    .execute();
  const owned = new Set(found.map((row) => row.id));
  const missing = monitorIds.find((id) => !owned.has(id));
  if (missing !== undefined) {
    throw new ServiceError(
      "invalid",
      `There is no monitor with the id ${JSON.stringify(missing)} in this account.`,
    );
  }
}

/** Replaces the monitors linked to a component. */
export async function linkMonitors(
  db: Db,
  componentId: string,
  monitorIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom("status_component_monitors")
    .where("component_id", "=", componentId)
    .execute();
  const unique = [...new Set(monitorIds)];
  if (unique.length === 0) return;
  await db
    .insertInto("status_component_monitors")
    .values(unique.map((monitorId) => ({ component_id: componentId, monitor_id: monitorId })))
    .execute();
}

/** The monitors linked to some components, by component id, ordered by name. */
export async function loadLinkedMonitors(
  db: Db,
  componentIds: readonly string[],
): Promise<Map<string, LinkedMonitor[]>> {
  const byComponent = new Map<string, LinkedMonitor[]>();
  if (componentIds.length === 0) return byComponent;
  const rows = await db
    .selectFrom("status_component_monitors as cm")
    .innerJoin("monitors as m", "m.id", "cm.monitor_id")
    .select(["cm.component_id", "m.id", "m.name", "m.paused", "m.state"])
    .where("cm.component_id", "in", [...componentIds])
    .orderBy("m.name")
    .orderBy("m.id")
    .execute();
  for (const row of rows) {
    const list = byComponent.get(row.component_id) ?? [];
    list.push({ id: row.id, name: row.name, status: statusOf(row) });
    byComponent.set(row.component_id, list);
  }
  return byComponent;
}

function statusOf(row: { paused: number; state: string }): LinkedMonitor["status"] {
  if (row.paused === 1) return "paused";
  if (row.state === "up" || row.state === "down") return row.state;
  return "pending";
}

/** The state a component's linked monitors give it when it follows them, if they have a verdict. */
export async function stateFromMonitors(
  db: Db,
  componentId: string,
): Promise<ComponentState | undefined> {
  const monitors = (await loadLinkedMonitors(db, [componentId])).get(componentId) ?? [];
  return followedState(monitors.map(healthOf));
}
