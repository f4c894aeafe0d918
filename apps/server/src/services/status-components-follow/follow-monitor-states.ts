import { type ComponentState, followedState } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { touchStatusPage } from "../status-pages/owned-page.ts";

const CHUNK = 400;

type MonitorState = "up" | "down" | "unknown" | "paused";

interface FollowingComponent {
  id: string;
  page_id: string;
  state: string;
}

/**
 * Components that follow their monitors take `followedState` of all their linked monitors when
 * the monitors `changedIds` went down or recovered; `latest` gives states the transaction has
 * not stored yet. Each changed component's page is touched. A constant number of chunked
 * statements per batch, whatever the number of checks. Returns the components changed.
 */
export async function followMonitorStates(
  trx: Kysely<Database>,
  changedIds: readonly string[],
  latest: ReadonlyMap<string, MonitorState>,
  now: number,
): Promise<string[]> {
  const components = await loadFollowingComponents(trx, changedIds);
  if (components.length === 0) return [];
  const linked = await loadLinkedStates(
    trx,
    components.map((component) => component.id),
    latest,
  );
  const byState = new Map<ComponentState, FollowingComponent[]>();
  for (const component of components) {
    const next = followedState(linked.get(component.id) ?? []);
    if (!next || next === component.state) continue;
    byState.set(next, [...(byState.get(next) ?? []), component]);
  }
  const pages = new Set<string>();
  const moved: string[] = [];
  for (const [state, list] of byState) {
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = list.slice(i, i + CHUNK);
      await trx
        .updateTable("status_components")
        .set({ state, state_changed_at: now, updated_at: now })
        .where(
          "id",
          "in",
          part.map((component) => component.id),
        )
        .execute();
    }
    for (const component of list) {
      pages.add(component.page_id);
      moved.push(component.id);
    }
  }
  for (const pageId of pages) await touchStatusPage(trx, pageId, now);
  return moved;
}

async function loadFollowingComponents(
  trx: Kysely<Database>,
  monitorIds: readonly string[],
): Promise<FollowingComponent[]> {
  const found = new Map<string, FollowingComponent>();
  for (let i = 0; i < monitorIds.length; i += CHUNK) {
    const rows = await trx
      .selectFrom("status_component_monitors as cm")
      .innerJoin("status_components as c", "c.id", "cm.component_id")
      .select(["c.id", "c.page_id", "c.state"])
      .where("cm.monitor_id", "in", monitorIds.slice(i, i + CHUNK))
      .where("c.follow_monitors", "=", 1)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

/** Each component's linked monitors' states, the batch's new states taking precedence. */
async function loadLinkedStates(
  trx: Kysely<Database>,
  componentIds: readonly string[],
  latest: ReadonlyMap<string, MonitorState>,
): Promise<Map<string, MonitorState[]>> {
  const states = new Map<string, MonitorState[]>();
  for (let i = 0; i < componentIds.length; i += CHUNK) {
    const rows = await trx
      .selectFrom("status_component_monitors as cm")
      .innerJoin("monitors as m", "m.id", "cm.monitor_id")
      .select(["cm.component_id", "cm.monitor_id", "m.state", "m.paused"])
      .where("cm.component_id", "in", componentIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const state: MonitorState =
        row.paused === 1 ? "paused" : (latest.get(row.monitor_id) ?? (row.state as MonitorState));
      states.set(row.component_id, [...(states.get(row.component_id) ?? []), state]);
    }
  }
  return states;
}
