import { isSuppressedByParents, type PlanId } from "@upwatch/core";
import type { AlertTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import {
  type AgentFacts,
  type AgentSide,
  type ChannelRef,
  loadAgentSide,
  parentMonitorsOf,
} from "./agent-subjects.ts";
import { loadQuietHours } from "./channel-quiet-hours.ts";
import { effectiveChannelsOf } from "./effective-channels.ts";
import { loadMaintenanceHolds, type MaintenanceHolds } from "./maintenance-holds.ts";
import { type SubjectRef, subjectOfRow } from "./subject-ref.ts";

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
  /** The agent an agent-run monitor runs from; its alerts name it where others name regions. */
  agent_name?: string | null;
}

export type { AgentFacts, ChannelRef };

/** What an alert is about: a monitor or an agent. */
export type AlertSubject =
  | { type: "monitor"; id: string; facts: MonitorFacts }
  | { type: "agent"; id: string; facts: AgentFacts };

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
    private readonly agentSide: AgentSide,
  ) {}

  /**
   * Loads the monitors, their parents, their children (with the children's parents), channels,
   * and the maintenance windows holding their alerts at some moment of `span`.
   */
  static async load(
    db: Kysely<Database>,
    ids: readonly string[],
    span: { from: number; to: number },
    agentIds: readonly string[] = [],
  ): Promise<AlertingSnapshot> {
    const unique = [...new Set(ids)];
    const agentSide = await loadAgentSide(db, [...new Set(agentIds)], unique);
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
    for (const parent of parentMonitorsOf(agentSide)) everyone.add(parent);

    const monitors = new Map<string, MonitorFacts>();
    for (const part of chunked([...everyone])) {
      const rows = await db
        .selectFrom("monitors")
        .innerJoin("accounts", "accounts.id", "monitors.account_id")
        .leftJoin("agents", "agents.id", "monitors.agent_id")
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
          "monitors.run_from",
          "agents.name as agent_name",
        ])
        .where("monitors.id", "in", part)
        .execute();
      for (const { state, plan, run_from, agent_name, ...row } of rows) {
        monitors.set(row.id, {
          ...row,
          plan: plan as PlanId,
          down: state === "down",
          agent_name: run_from === "agent" ? agent_name : null,
        });
      }
    }

    const channels = new Map<string, ChannelRef[]>();
    const notifying = [...new Set([...unique, ...children])];
    // Its own channels and its groups' channels, each once: one notification per channel.
    const effective = await effectiveChannelsOf(db, notifying);
    const quiet = await loadQuietHours(
      db,
      [...effective.values()].flatMap((list) => list.map((channel) => channel.id)),
    );
    for (const [monitorId, list] of effective) {
      channels.set(
        monitorId,
        list.map((channel) => ({
          id: channel.id,
          type: channel.type,
          severities: channel.severities,
          quietHours: quiet.get(channel.id) ?? null,
        })),
      );
    }
    const holds = await loadMaintenanceHolds(db, notifying, span);
    return new AlertingSnapshot(monitors, parentsOf, childrenOf, channels, holds, agentSide);
  }

  /** Loads what deciding these alerts needs: their monitors and their agents. */
  static forAlerts(
    db: Kysely<Database>,
    alerts: readonly Pick<AlertTable, "monitor_id" | "agent_id">[],
    span: { from: number; to: number },
  ): Promise<AlertingSnapshot> {
    const subjects = alerts.flatMap((alert) => subjectOfRow(alert) ?? []);
    const idsOf = (type: SubjectRef["type"]) =>
      subjects.flatMap((subject) => (subject.type === type ? [subject.id] : []));
    return AlertingSnapshot.load(db, idsOf("monitor"), span, idsOf("agent"));
  }

  agent(id: string): AgentFacts | undefined {
    return this.agentSide.agents.get(id);
  }

  /** The monitor or agent an alert is about; undefined when it is gone. */
  subjectOf(ref: SubjectRef): AlertSubject | undefined {
    if (ref.type === "agent") {
      const facts = this.agent(ref.id);
      return facts && { type: "agent", id: facts.id, facts };
    }
    const facts = this.monitor(ref.id);
    return facts && { type: "monitor", id: facts.id, facts };
  }

  /** Whether an agent's notifications are held: every parent monitor of the agent is down. */
  isAgentHeld(agentId: string): boolean {
    const parents = this.agentSide.parents.get(agentId) ?? [];
    return isSuppressedByParents(parents.map((id) => this.monitors.get(id)?.down ?? false));
  }

  /** The agents depending on this monitor. */
  childAgentsOf(monitorId: string): readonly string[] {
    return this.agentSide.childAgents.get(monitorId) ?? [];
  }

  /** The channels of a subject. */
  channelsOfSubject(subject: AlertSubject): readonly ChannelRef[] {
    return subject.type === "agent"
      ? (this.agentSide.channels.get(subject.id) ?? [])
      : this.channelsOf(subject.id);
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
