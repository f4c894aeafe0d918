import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import {
  bucketStart,
  diskUsedPercent,
  HALF_HOUR_MS,
  memoryUsedPercent,
} from "./agent-sample-sql.ts";
import { AGENT_RAW_RETENTION_MS } from "./prune-agent-history.ts";

/** Half-hours folded per run at most, oldest first; a backlog is caught up over the next runs. */
const HALF_HOURS_PER_RUN = 5_000;
/** Agents folded per statement, so no statement holds the database for long. */
const AGENTS_PER_STEP = 100;

/**
 * Folds raw samples into half-hour rollups (sums and maxima, machine-wide and per disk): every
 * half-hour still wholly in the raw samples whose rollup is missing or counts fewer samples than
 * are stored, however long ago the last run was. Each half-hour is computed again from the raw
 * samples and replaces the stored one, so running it twice changes nothing. Returns how many
 * agents' half-hours were folded.
 */
export async function rollUpAgentSamples(
  db: Kysely<Database>,
  now: number,
  limit = HALF_HOURS_PER_RUN,
): Promise<number> {
  // The oldest half-hour may have lost samples to pruning: folding it again would lose them.
  const from = Math.ceil((now - AGENT_RAW_RETENTION_MS) / HALF_HOUR_MS) * HALF_HOUR_MS;
  const stale = await staleHalfHours(db, from, limit);
  const ranges = new Map<string, { from: number; to: number }>();
  for (const { agent_id, period_start } of stale) {
    const start = Number(period_start);
    const range = ranges.get(agent_id);
    if (!range) ranges.set(agent_id, { from: start, to: start + HALF_HOUR_MS });
    else range.to = Math.max(range.to, start + HALF_HOUR_MS);
  }
  const agents = [...ranges.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (let start = 0; start < agents.length; start += AGENTS_PER_STEP) {
    const group = agents.slice(start, start + AGENTS_PER_STEP);
    const span = {
      from: Math.min(...group.map(([, range]) => range.from)),
      to: Math.max(...group.map(([, range]) => range.to)),
    };
    const ids = group.map(([id]) => id);
    await foldMachine(db, ids, span);
    await foldDisks(db, ids, span);
  }
  return agents.length;
}

/** The half-hours since `from` whose raw samples outnumber their rollup's, oldest first. */
async function staleHalfHours(db: Kysely<Database>, from: number, limit: number) {
  const period = bucketStart("sampled_at", HALF_HOUR_MS);
  const { rows } = await sql<{ agent_id: string; period_start: number }>`
    select raw.agent_id, raw.period_start
    from (
      select agent_id, ${period} as period_start, count(*) as samples
      from agent_samples where sampled_at >= ${from}
      group by agent_id, ${period}
    ) raw
    left join agent_rollups rolled
      on rolled.agent_id = raw.agent_id and rolled.period_start = raw.period_start
    where rolled.samples is null or rolled.samples < raw.samples
    order by raw.period_start, raw.agent_id
    limit ${limit}`.execute(db);
  return rows;
}

function foldMachine(db: Kysely<Database>, ids: readonly string[], span: Span) {
  const period = bucketStart("sampled_at", HALF_HOUR_MS);
  return sql`
    insert into agent_rollups (agent_id, period_start, samples, cpu_sum, cpu_max,
      memory_samples, memory_used_percent_sum, memory_used_percent_max, load1_sum, load1_max, load_samples,
      net_rx_sum, net_rx_max, net_tx_sum, net_tx_max)
    select agent_id, ${period}, count(*), sum(cpu_percent), max(cpu_percent),
      count(${memoryUsedPercent}), coalesce(sum(${memoryUsedPercent}), 0),
      coalesce(max(${memoryUsedPercent}), 0),
      coalesce(sum(load1), 0), max(load1), count(load1),
      sum(net_rx_bps), max(net_rx_bps), sum(net_tx_bps), max(net_tx_bps)
    from agent_samples
    where agent_id in (${sql.join(ids)}) and sampled_at >= ${span.from}
      and sampled_at < ${span.to}
    group by agent_id, ${period}
    on conflict (agent_id, period_start) do update set
      samples = excluded.samples, cpu_sum = excluded.cpu_sum, cpu_max = excluded.cpu_max,
      memory_samples = excluded.memory_samples,
      memory_used_percent_sum = excluded.memory_used_percent_sum,
      memory_used_percent_max = excluded.memory_used_percent_max,
      load1_sum = excluded.load1_sum, load1_max = excluded.load1_max,
      load_samples = excluded.load_samples, net_rx_sum = excluded.net_rx_sum,
      net_rx_max = excluded.net_rx_max, net_tx_sum = excluded.net_tx_sum,
      net_tx_max = excluded.net_tx_max`.execute(db);
}

function foldDisks(db: Kysely<Database>, ids: readonly string[], span: Span) {
  const period = bucketStart("sampled_at", HALF_HOUR_MS);
  return sql`
    insert into agent_disk_rollups (agent_id, mount, period_start, samples, used_percent_sum,
      used_percent_max)
    select agent_id, mount, ${period}, count(*), sum(${diskUsedPercent}), max(${diskUsedPercent})
    from agent_disk_samples
    where agent_id in (${sql.join(ids)}) and sampled_at >= ${span.from}
      and sampled_at < ${span.to}
    group by agent_id, mount, ${period}
    on conflict (agent_id, mount, period_start) do update set
      samples = excluded.samples, used_percent_sum = excluded.used_percent_sum,
      used_percent_max = excluded.used_percent_max`.execute(db);
}

interface Span {
  from: number;
  to: number;
}
