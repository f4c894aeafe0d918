import type { Database } from "@upwatch/db";
import type { Kysely, Transaction } from "kysely";
import { refuseForeignGroups, refuseForeignMonitors } from "../groups/group-rules.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Links the window to exactly these monitors and groups, each the account's own. */
export async function replaceWindowTargets(
  trx: Transaction<Database>,
  accountId: string,
  windowId: string,
  targets: { monitorIds?: readonly string[] | undefined; groupIds?: readonly string[] | undefined },
): Promise<void> {
  if (targets.monitorIds) {
    await refuseForeignMonitors(trx, accountId, targets.monitorIds);
    await trx.deleteFrom("maintenance_window_monitors").where("window_id", "=", windowId).execute();
    if (targets.monitorIds.length > 0) {
      await trx
        .insertInto("maintenance_window_monitors")
        .values(targets.monitorIds.map((id) => ({ window_id: windowId, monitor_id: id })))
        .execute();
    }
  }
  if (targets.groupIds) {
    await refuseForeignGroups(trx, accountId, targets.groupIds);
    await trx.deleteFrom("maintenance_window_groups").where("window_id", "=", windowId).execute();
    if (targets.groupIds.length > 0) {
      await trx
        .insertInto("maintenance_window_groups")
        .values(targets.groupIds.map((id) => ({ window_id: windowId, group_id: id })))
        .execute();
    }
  }
}

/** The monitors and groups of each window, by name. */
export async function readWindowTargets(
  db: Db,
  windowIds: readonly string[],
): Promise<Map<string, { monitors: Named[]; groups: Named[] }>> {
  const targets = new Map<string, { monitors: Named[]; groups: Named[] }>();
  if (windowIds.length === 0) return targets;
  const entry = (id: string) => {
    let found = targets.get(id);
    if (!found) {
      found = { monitors: [], groups: [] };
      targets.set(id, found);
    }
    return found;
  };
  const monitors = await db
    .selectFrom("maintenance_window_monitors as wm")
    .innerJoin("monitors as m", "m.id", "wm.monitor_id")
    .select(["wm.window_id", "m.id", "m.name"])
    .where("wm.window_id", "in", windowIds)
    .orderBy("m.name")
    .execute();
  for (const row of monitors) entry(row.window_id).monitors.push({ id: row.id, name: row.name });
  const groups = await db
    .selectFrom("maintenance_window_groups as wg")
    .innerJoin("monitor_groups as g", "g.id", "wg.group_id")
    .select(["wg.window_id", "g.id", "g.name"])
    .where("wg.window_id", "in", windowIds)
    .orderBy("g.name")
    .execute();
  for (const row of groups) entry(row.window_id).groups.push({ id: row.id, name: row.name });
  return targets;
}

export interface Named {
  id: string;
  name: string;
}
