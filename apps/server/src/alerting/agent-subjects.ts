import {
  type AlertChannel,
  type AlertSeverity,
  decodeSeverities,
  type PlanId,
  parseQuietHours,
  type QuietHours,
} from "@upwatch/core";
import type { Database } from "@upwatch/db";
import type { Kysely } from "kysely";

/** What a notification needs to know of an agent. */
export interface AgentFacts {
  id: string;
  account_id: string;
  plan: PlanId;
  name: string;
  hostname: string | null;
  os: string;
  offline: boolean;
  offline_after_minutes: number;
}

/** A channel of a subject: the severities its attachments receive, and its quiet hours. */
export interface ChannelRef {
  id: string;
  type: AlertChannel;
  severities: AlertSeverity[];
  quietHours: QuietHours | null;
}

/** The agents an alerting decision touches, their parent monitors and their channels. */
export interface AgentSide {
  agents: Map<string, AgentFacts>;
  /** Agent -> the monitors it depends on. */
  parents: Map<string, string[]>;
  /** Monitor -> the agents that depend on it. */
  childAgents: Map<string, string[]>;
  channels: Map<string, ChannelRef[]>;
}

const CHUNK = 400;

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Loads these agents and the agents depending on these monitors (a recovering monitor releases
 * them), with every parent monitor of each, so their states can be read from the snapshot.
 */
export async function loadAgentSide(
  db: Kysely<Database>,
  agentIds: readonly string[],
  monitorIds: readonly string[],
): Promise<AgentSide> {
  const side: AgentSide = {
    agents: new Map(),
    parents: new Map(),
    childAgents: new Map(),
    channels: new Map(),
  };
  const everyAgent = new Set(agentIds);
  for (const part of chunked(monitorIds)) {
    const rows = await db
      .selectFrom("agent_dependencies")
      .select(["agent_id", "parent_monitor_id"])
      .where("parent_monitor_id", "in", part)
      .execute();
    for (const row of rows) {
      everyAgent.add(row.agent_id);
      const list = side.childAgents.get(row.parent_monitor_id) ?? [];
      if (!list.includes(row.agent_id)) list.push(row.agent_id);
      side.childAgents.set(row.parent_monitor_id, list);
    }
  }
  const agents = [...everyAgent];
  for (const part of chunked(agents)) {
    const edges = await db
      .selectFrom("agent_dependencies")
      .select(["agent_id", "parent_monitor_id"])
      .where("agent_id", "in", part)
      .execute();
    for (const edge of edges) {
      side.parents.set(edge.agent_id, [
        ...(side.parents.get(edge.agent_id) ?? []),
        edge.parent_monitor_id,
      ]);
    }
    const rows = await db
      .selectFrom("agents")
      .innerJoin("accounts", "accounts.id", "agents.account_id")
      .select([
        "agents.id",
        "agents.account_id",
        "accounts.plan",
        "agents.name",
        "agents.hostname",
        "agents.os",
        "agents.offline_since",
        "agents.offline_after_minutes",
      ])
      .where("agents.id", "in", part)
      .execute();
    for (const { offline_since, plan, ...row } of rows) {
      side.agents.set(row.id, { ...row, plan: plan as PlanId, offline: offline_since !== null });
    }
    const channels = await db
      .selectFrom("agent_channels")
      .innerJoin("channels", "channels.id", "agent_channels.channel_id")
      .select([
        "agent_channels.agent_id",
        "channels.id",
        "channels.type",
        "channels.quiet_hours",
        "agent_channels.severities",
      ])
      .where("agent_channels.agent_id", "in", part)
      .orderBy("channels.created_at")
      .execute();
    for (const row of channels) {
      const list = side.channels.get(row.agent_id) ?? [];
      list.push({
        id: row.id,
        type: row.type as AlertChannel,
        severities: decodeSeverities(row.severities),
        quietHours: parseQuietHours(row.quiet_hours),
      });
      side.channels.set(row.agent_id, list);
    }
  }
  return side;
}

/** The monitors whose states decide whether these agents' alerts are held. */
export function parentMonitorsOf(side: AgentSide): string[] {
  return [...new Set([...side.parents.values()].flat())];
}
