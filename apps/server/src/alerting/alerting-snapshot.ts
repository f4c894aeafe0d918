import { type AlertChannel, isSuppressedByParents, type PlanId } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { loadMaintenanceHolds, type MaintenanceHolds } from "./maintenance-holds.ts";

/** What a notification needs to know of a monitor. */
export interface MonitorFacts {
  id: string;
  account_id: string;
  plan: PlanId;
  name: string;
  type: string;
  target: string;
  region: string;
  down: boolean;
  consecutive_failures: number;
}

export interface ChannelRef {
  id: string;
  type: AlertChannel;
}

const CHUNK = 400;

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The monitors an alerting decision touches, read once per transaction: their states, their
 * parents and children, and their channels. States change as the transaction's checks apply.
 */
export class AlertingSnapshot {
  private constructor(
    private readonly monitors: Map<string, MonitorFacts>,
    private readonly parents: Map<string, string[]>,
    private readonly children: Map<string, string[]>,
    private readonly channels: Map<string, ChannelRef[]>,
    private readonly holds: MaintenanceHolds,
  ) {}

  /**
   * Loads the monitors, their parents, their children (with the children's parents), channels,
   * and the maintenance windows holding their alerts at some moment of `span`.
   */
  static async load(
    db: Kysely<Database>,
    ids: readonly string[],
    span: { from: number; to: number },
  ): Promise<AlertingSnapshot> {
    const unique = [...new Set(ids)];
    const edges = new Map<string, { child: string; parent: string }>();
    const addEdges = async (column: "child_monitor_id" | "parent_monitor_id", of: string[]) => {
      for (const part of chunked(of)) {
        const rows = await db
          .selectFrom("dependencies")
          .select(["child_monitor_id as child", "parent_monitor_id as parent"])
          .where(column, "in", part)
          .execute();
        for (const row of rows) edges.set(`${row.child}>${row.parent}`, row);
      }
    };
    await addEdges("child_monitor_id", unique);
    await addEdges("parent_monitor_id", unique);
    const idSet = new Set(unique);
    const children = [...new Set([...edges.values()].filter((e) => idSet.has(e.parent)))].map(
      (e) => e.child,
    );
    await addEdges(
      "child_monitor_id",
      [...new Set(children)].filter((id) => !idSet.has(id)),
    );

    const parentsOf = new Map<string, string[]>();
    const childrenOf = new Map<string, string[]>();
    const everyone = new Set(unique);
    for (const { child, parent } of edges.values()) {
      parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
      everyone.add(child).add(parent);
    }

    const monitors = new Map<string, MonitorFacts>();
    for (const part of chunked([...everyone])) {
      const rows = await db
        .selectFrom("monitors")
        .innerJoin("accounts", "accounts.id", "monitors.account_id")
        .select([
          "monitors.id",
          "monitors.account_id",
          "accounts.plan",
          "monitors.name",
          "monitors.type",
          "monitors.target",
          "monitors.region",
          "monitors.state",
          "monitors.consecutive_failures",
        ])
        .where("monitors.id", "in", part)
        .execute();
      for (const { state, plan, ...row } of rows) {
        monitors.set(row.id, { ...row, plan: plan as PlanId, down: state === "down" });
      }
    }

    const channels = new Map<string, ChannelRef[]>();
    const notifying = [...new Set([...unique, ...children])];
    for (const part of chunked(notifying)) {
      const rows = await db
        .selectFrom("monitor_channels")
        .innerJoin("channels", "channels.id", "monitor_channels.channel_id")
        .select(["monitor_channels.monitor_id", "channels.id", "channels.type"])
        .where("monitor_channels.monitor_id", "in", part)
        .orderBy("channels.created_at")
        .execute();
      for (const row of rows) {
        const list = channels.get(row.monitor_id) ?? [];
        list.push({ id: row.id, type: row.type as AlertChannel });
        channels.set(row.monitor_id, list);
      }
    }
    const holds = await loadMaintenanceHolds(db, notifying, span);
    return new AlertingSnapshot(monitors, parentsOf, childrenOf, channels, holds);
  }

  monitor(id: string): MonitorFacts | undefined {
    return this.monitors.get(id);
  }

  /** Records a monitor going down or coming back within the transaction. */
  setDown(id: string, down: boolean, consecutiveFailures: number): void {
    const monitor = this.monitors.get(id);
    if (monitor) Object.assign(monitor, { down, consecutive_failures: consecutiveFailures });
  }

  /**
   * Whether the monitor's notifications are held back at `at`: it has parents and all are down,
   * or a maintenance window of a status page component linked to it is under way.
   */
  isSuppressed(id: string, at: number): boolean {
    if (this.holds.isHeld(id, at)) return true;
    const parents = this.parents.get(id) ?? [];
    return isSuppressedByParents(parents.map((parent) => this.monitors.get(parent)?.down ?? false));
  }

  childrenOf(id: string): readonly string[] {
    return this.children.get(id) ?? [];
  }

  channelsOf(id: string): readonly ChannelRef[] {
    return this.channels.get(id) ?? [];
  }
}
