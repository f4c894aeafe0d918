import type { AgentSample } from "@upwatch/api";
import { type CustomMetricSample, customSeriesKey } from "@upwatch/core";
import type { Database } from "@upwatch/db";
import { sql, type Transaction } from "kysely";

/** Distinct series one agent may have stored; new ones past it are not stored. */
export const CUSTOM_SERIES_PER_AGENT = 1_000;
const ROWS_PER_STATEMENT = 150;

interface SeriesSeen {
  key: string;
  metric: CustomMetricSample;
  at: number;
  first: number;
}

/**
 * Stores the custom metrics of an agent's new samples: each series is found or added (up to
 * 1,000 per agent) with its newest value, and every value is kept with its sample's time.
 */
export async function storeCustomMetrics(
  trx: Transaction<Database>,
  agentId: string,
  samples: readonly AgentSample[],
  newId: (prefix: string) => string,
): Promise<void> {
  const newest = new Map<string, SeriesSeen>();
  for (const sample of samples) {
    for (const metric of sample.custom_metrics ?? []) {
      const key = customSeriesKey(metric.name, metric.labels);
      const seen = newest.get(key);
      const at = sample.sampled_at;
      if (!seen) newest.set(key, { key, metric, at, first: at });
      else if (seen.at < at) newest.set(key, { key, metric, at, first: Math.min(seen.first, at) });
      else seen.first = Math.min(seen.first, at);
    }
  }
  if (newest.size === 0) return;
  const ids = await upsertSeries(trx, agentId, [...newest.values()], newId);
  const rows = samples.flatMap((sample) =>
    (sample.custom_metrics ?? []).flatMap((metric) => {
      const seriesId = ids.get(customSeriesKey(metric.name, metric.labels));
      return seriesId
        ? [
            {
              series_id: seriesId,
              agent_id: agentId,
              sampled_at: sample.sampled_at,
              value: metric.value,
            },
          ]
        : [];
    }),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await trx
      .insertInto("agent_custom_samples")
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Adds the series not stored yet (while the agent has room) and moves each one's newest value. */
async function upsertSeries(
  trx: Transaction<Database>,
  agentId: string,
  seen: readonly SeriesSeen[],
  newId: (prefix: string) => string,
): Promise<Map<string, string>> {
  const stored = await trx
    .selectFrom("agent_custom_series")
    .select("series_key")
    .where("agent_id", "=", agentId)
    .execute();
  const known = new Set(stored.map((row) => row.series_key));
  let room = CUSTOM_SERIES_PER_AGENT - known.size;
  const kept = seen.filter((series) => known.has(series.key) || room-- > 0);
  const ids = new Map<string, string>();
  for (let start = 0; start < kept.length; start += ROWS_PER_STATEMENT) {
    const rows = kept.slice(start, start + ROWS_PER_STATEMENT).map((series) => ({
      id: newId("cms"),
      agent_id: agentId,
      series_key: series.key,
      name: series.metric.name,
      labels: JSON.stringify(series.metric.labels),
      first_seen_at: series.first,
      last_seen_at: series.at,
      last_value: series.metric.value,
    }));
    const answered = await trx
      .insertInto("agent_custom_series")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["agent_id", "series_key"]).doUpdateSet({
          // A batch of samples held back while the server was away must not move it backwards.
          last_value: sql`case when excluded.last_seen_at >= agent_custom_series.last_seen_at then excluded.last_value else agent_custom_series.last_value end`,
          first_seen_at: sql`case when excluded.first_seen_at < agent_custom_series.first_seen_at then excluded.first_seen_at else agent_custom_series.first_seen_at end`,
          last_seen_at: sql`case when excluded.last_seen_at >= agent_custom_series.last_seen_at then excluded.last_seen_at else agent_custom_series.last_seen_at end`,
        }),
      )
      .returning(["id", "series_key"])
      .execute();
    for (const row of answered) ids.set(row.series_key, row.id);
  }
  return ids;
}
