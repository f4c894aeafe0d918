import type { Agent } from "@upwatch/api";
import {
  type AgentOs,
  agentStatus,
  type ChannelLink,
  decodeSeverities,
  isProxyCapable,
} from "@upwatch/core";
import type { AgentTable, Database } from "@upwatch/db";
import type { Kysely } from "kysely";
import { readStoredJson } from "../../records/stored-json.ts";
import { isoTime, isoTimeOrNull } from "../../time.ts";
import { agentKeyDisplayPrefix } from "./agent-key-format.ts";

/** What the agents' answers need besides their rows: their channels and open alerts. */
export interface AgentExtras {
  channels: Map<string, ChannelLink[]>;
  openAlerts: Map<string, number>;
}

/** The channels and open alert counts of these agents, in two queries. */
export async function loadAgentExtras(
  db: Kysely<Database>,
  agentIds: readonly string[],
): Promise<AgentExtras> {
  const extras: AgentExtras = { channels: new Map(), openAlerts: new Map() };
  if (agentIds.length === 0) return extras;
  const channels = await db
    .selectFrom("agent_channels")
    .innerJoin("channels", "channels.id", "agent_channels.channel_id")
    .select(["agent_channels.agent_id", "agent_channels.channel_id", "agent_channels.severities"])
    .where("agent_channels.agent_id", "in", agentIds)
    // Oldest first, as a monitor's channels are listed.
    .orderBy("channels.created_at")
    .orderBy("channels.name")
    .orderBy("channels.id")
    .execute();
  for (const row of channels) {
    extras.channels.set(row.agent_id, [
      ...(extras.channels.get(row.agent_id) ?? []),
      { id: row.channel_id, severities: decodeSeverities(row.severities) },
    ]);
  }
  const alerts = await db
    .selectFrom("alerts")
    .select((eb) => ["agent_id", eb.fn.countAll<number>().as("open")])
    .where("agent_id", "in", agentIds)
    .where("state", "=", "open")
    .groupBy("agent_id")
    .execute();
  for (const row of alerts) {
    if (row.agent_id) extras.openAlerts.set(row.agent_id, Number(row.open));
  }
  return extras;
}

/** An agent as the API shows it: its status at `now`, its key's visible start, never the key. */
export function presentAgent(row: AgentTable, extras: AgentExtras, now: number): Agent {
  const capabilities = readStoredJson<string[]>(row.capabilities) ?? [];
  const config = readStoredJson<Agent["config"]>(row.reported_config);
  return {
    id: row.id,
    name: row.name,
    os: row.os as AgentOs,
    status: agentStatus(
      { last_report_at: row.last_report_at, offline_after_minutes: row.offline_after_minutes },
      now,
      config?.monitoring_interval,
    ),
    last_report_at: isoTimeOrNull(row.last_report_at),
    first_report_at: isoTimeOrNull(row.first_report_at),
    offline_since: isoTimeOrNull(row.offline_since),
    offline_after_minutes: row.offline_after_minutes,
    hostname: row.hostname,
    platform: row.platform,
    arch: row.arch,
    version: row.version,
    capabilities,
    proxy_capable: isProxyCapable(row.version, capabilities),
    key:
      row.key_lookup && row.key_created_at !== null
        ? {
            prefix: agentKeyDisplayPrefix(row.key_lookup),
            created_at: isoTime(row.key_created_at),
          }
        : null,
    config,
    channel_ids: (extras.channels.get(row.id) ?? []).map((channel) => channel.id),
    channels: extras.channels.get(row.id) ?? [],
    open_alerts: extras.openAlerts.get(row.id) ?? 0,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** One agent as the API shows it, with its channels and open alerts. */
export async function presentOneAgent(
  db: Kysely<Database>,
  row: AgentTable,
  now: number,
): Promise<Agent> {
  return presentAgent(row, await loadAgentExtras(db, [row.id]), now);
}
