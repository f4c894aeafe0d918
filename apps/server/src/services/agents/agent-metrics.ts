import type { AgentMetricsRange } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { readStoredJson } from "../../records/stored-json.ts";
import { isoTime } from "../../time.ts";
import {
  bucketStart,
  diskUsedPercent,
  memoryUsedPercent,
} from "../agent-history/agent-sample-sql.ts";
import { chartWindowOf } from "../agent-history/chart-window.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { roundFigure } from "./presented-figures.ts";

export interface AgentMetricPoint {
  at: string;
  cpu_percent: number;
  cpu_max: number;
  memory_used_percent: number;
  memory_used_max: number;
  load1: number | null;
  load1_max: number | null;
  net_rx_bytes_per_second: number;
  net_tx_bytes_per_second: number;
}

export interface AgentDiskMetrics {
  mount: string;
  description: string;
  points: { at: string; used_percent: number; used_max: number }[];
}

export interface AgentMetrics {
  range: AgentMetricsRange;
  from: string;
  to: string;
  bucket_seconds: number;
  points: AgentMetricPoint[];
  disks: AgentDiskMetrics[];
}

/**
 * An agent's figures over a range for its charts, oldest first: averages and maxima per bucket,
 * machine-wide and per disk. The last day comes from raw samples, longer ranges from rollups.
 * The caller has made sure the agent is the asking account's.
 */
export async function agentMetrics(
  ctx: Pick<ServiceContext, "db" | "now">,
  agentId: string,
  range: AgentMetricsRange,
): Promise<AgentMetrics> {
  const agent = await ctx.db
    .selectFrom("agents")
    .select("latest_report")
    .where("id", "=", agentId)
    .executeTakeFirst();
  if (!agent) throw new NotFoundError("agent");
  const { from, to, raw, bucketMs } = chartWindowOf(ctx.now(), range);
  const rows = raw
    ? await rawPoints(ctx.db, agentId, from, bucketMs)
    : await rolledPoints(ctx.db, agentId, from, bucketMs);
  const diskRows = raw
    ? await rawDiskPoints(ctx.db, agentId, from, bucketMs)
    : await rolledDiskPoints(ctx.db, agentId, from, bucketMs);
  const descriptions = descriptionsOf(agent.latest_report);
  const disks = new Map<string, AgentDiskMetrics>();
  for (const row of diskRows) {
    let disk = disks.get(row.mount);
    if (!disk) {
      disk = { mount: row.mount, description: descriptions.get(row.mount) ?? "", points: [] };
      disks.set(row.mount, disk);
    }
    disk.points.push({
      at: isoTime(row.at),
      used_percent: roundFigure(row.used_percent),
      used_max: roundFigure(row.used_max),
    });
  }
  return {
    range,
    from: isoTime(from),
    to: isoTime(to),
    bucket_seconds: bucketMs / 1000,
    points: rows.map((row) => ({
      at: isoTime(row.at),
      cpu_percent: roundFigure(row.cpu),
      cpu_max: roundFigure(row.cpu_max),
      memory_used_percent: roundFigure(row.memory ?? 0),
      memory_used_max: roundFigure(row.memory_max ?? 0),
      load1: row.load1 === null ? null : roundFigure(row.load1),
      load1_max: row.load1_max === null ? null : roundFigure(row.load1_max),
      net_rx_bytes_per_second: Math.round(Number(row.rx)),
      net_tx_bytes_per_second: Math.round(Number(row.tx)),
    })),
    disks: [...disks.values()].sort((a, b) => a.mount.localeCompare(b.mount)),
  };
}

interface PointRow {
  at: number;
  cpu: number;
  cpu_max: number;
  memory: number | null;
  memory_max: number | null;
  load1: number | null;
  load1_max: number | null;
  rx: number;
  tx: number;
}

interface DiskRow {
  mount: string;
  at: number;
  used_percent: number;
  used_max: number;
}

async function rawPoints(db: Kysely<Database>, agentId: string, from: number, bucketMs: number) {
  const at = bucketStart("sampled_at", bucketMs);
  const { rows } = await sql<PointRow>`
    select ${at} as at, avg(cpu_percent) as cpu, max(cpu_percent) as cpu_max,
      avg(${memoryUsedPercent}) as memory, max(${memoryUsedPercent}) as memory_max,
      avg(load1) as load1, max(load1) as load1_max,
      avg(net_rx_bps) as rx, avg(net_tx_bps) as tx
    from agent_samples where agent_id = ${agentId} and sampled_at >= ${from}
    group by ${at} order by ${at}`.execute(db);
  return rows;
}

async function rolledPoints(db: Kysely<Database>, agentId: string, from: number, bucketMs: number) {
  const at = bucketStart("period_start", bucketMs);
  const { rows } = await sql<PointRow>`
    select ${at} as at, sum(cpu_sum) * 1.0 / sum(samples) as cpu, max(cpu_max) as cpu_max,
      sum(memory_used_percent_sum) * 1.0 / nullif(sum(memory_samples), 0) as memory,
      max(memory_used_percent_max) as memory_max,
      case when sum(load_samples) > 0 then sum(load1_sum) * 1.0 / sum(load_samples) end as load1,
      max(load1_max) as load1_max,
      sum(net_rx_sum) * 1.0 / sum(samples) as rx, sum(net_tx_sum) * 1.0 / sum(samples) as tx
    from agent_rollups where agent_id = ${agentId} and period_start >= ${from}
    group by ${at} order by ${at}`.execute(db);
  return rows;
}

async function rawDiskPoints(
  db: Kysely<Database>,
  agentId: string,
  from: number,
  bucketMs: number,
) {
  const at = bucketStart("sampled_at", bucketMs);
  const { rows } = await sql<DiskRow>`
    select mount, ${at} as at, avg(${diskUsedPercent}) as used_percent, max(${diskUsedPercent}) as used_max
    from agent_disk_samples where agent_id = ${agentId} and sampled_at >= ${from}
    group by mount, ${at} order by mount, ${at}`.execute(db);
  return rows;
}

async function rolledDiskPoints(
  db: Kysely<Database>,
  agentId: string,
  from: number,
  bucketMs: number,
) {
  const at = bucketStart("period_start", bucketMs);
  const { rows } = await sql<DiskRow>`
    select mount, ${at} as at, sum(used_percent_sum) * 1.0 / sum(samples) as used_percent,
      max(used_percent_max) as used_max
    from agent_disk_rollups where agent_id = ${agentId} and period_start >= ${from}
    group by mount, ${at} order by mount, ${at}`.execute(db);
  return rows;
}

function descriptionsOf(latestReport: string | null): Map<string, string> {
  const report = readStoredJson<{ disks?: { mount: string; description: string }[] }>(latestReport);
  return new Map((report?.disks ?? []).map((disk) => [disk.mount, disk.description]));
}
