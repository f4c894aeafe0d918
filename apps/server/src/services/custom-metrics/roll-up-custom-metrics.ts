import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { bucketStart, HALF_HOUR_MS } from "../agent-history/agent-sample-sql.ts";
import { AGENT_RAW_RETENTION_MS } from "../agent-history/prune-agent-history.ts";

const HALF_HOURS_PER_RUN = 5_000;

/** The half-hours of one agent to fold again, from the first's start to the last's end. */
interface StaleSpan {
  agent_id: string;
  period_start: number;
  period_end: number;
}
const AGENTS_PER_STEP = 100;

/**
 * Folds custom metrics' raw values into half-hour rollups (count, sum, minimum and maximum of
 * the values that were numbers), as the machine's figures are folded: every half-hour still
 * wholly in the raw values whose rollup is missing or counts fewer, computed again and replaced.
 * Returns how many agents' half-hours were folded.
 */
export async function rollUpCustomMetrics(
  db: Kysely<Database>,
  now: number,
  limit = HALF_HOURS_PER_RUN,
): Promise<number> {
  const from = Math.ceil((now - AGENT_RAW_RETENTION_MS) / HALF_HOUR_MS) * HALF_HOUR_MS;
  const period = bucketStart("raw.sampled_at", HALF_HOUR_MS);
  const { rows: stale } = await sql<StaleSpan>`
    select stale.agent_id, min(stale.period_start) as period_start, max(stale.period_end) as period_end
    from (
      select counted.agent_id, counted.period_start, counted.period_start + ${HALF_HOUR_MS} as period_end
      from (
        select raw.series_id, raw.agent_id, ${period} as period_start, count(raw.value) as samples
        from agent_custom_samples raw where raw.sampled_at >= ${from}
        group by raw.series_id, raw.agent_id, ${period}
      ) counted
      left join agent_custom_rollups rolled
        on rolled.series_id = counted.series_id and rolled.period_start = counted.period_start
      where rolled.samples is null or rolled.samples < counted.samples
      order by counted.period_start
      limit ${limit}
    ) stale
    group by stale.agent_id
    order by stale.agent_id`.execute(db);
  for (let start = 0; start < stale.length; start += AGENTS_PER_STEP) {
    const group = stale.slice(start, start + AGENTS_PER_STEP);
    await fold(
      db,
      group.map((row) => row.agent_id),
      {
        from: Math.min(...group.map((row) => Number(row.period_start))),
        to: Math.max(...group.map((row) => Number(row.period_end))),
      },
    );
  }
  return stale.length;
}

function fold(db: Kysely<Database>, ids: readonly string[], span: { from: number; to: number }) {
  const period = bucketStart("sampled_at", HALF_HOUR_MS);
  return sql`
    insert into agent_custom_rollups (series_id, agent_id, period_start, samples, value_sum,
      value_min, value_max)
    select series_id, agent_id, ${period}, count(value), coalesce(sum(value), 0), min(value),
      max(value)
    from agent_custom_samples
    where agent_id in (${sql.join(ids)}) and sampled_at >= ${span.from} and sampled_at < ${span.to}
    group by series_id, agent_id, ${period}
    on conflict (series_id, period_start) do update set
      samples = excluded.samples, value_sum = excluded.value_sum,
      value_min = excluded.value_min, value_max = excluded.value_max`.execute(db);
}
