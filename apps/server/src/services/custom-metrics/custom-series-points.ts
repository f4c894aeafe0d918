import type { AgentMetricsRange, CustomSeriesPoints } from "@upwatch/api";
import type { Database } from "@upwatch/db";
import { type Kysely, sql } from "kysely";
import { isoTime } from "../../time.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import { bucketStart } from "../agent-history/agent-sample-sql.ts";
import { chartWindowOf } from "../agent-history/chart-window.ts";
import { findOwnedAgent } from "../agents/owned-agent.ts";
import type { ServiceContext } from "../context.ts";
import { NotFoundError } from "../service-error.ts";
import { presentCustomSeries } from "./present-custom-series.ts";

interface PointRow {
  at: number;
  value: number | null;
  min: number | null;
  max: number | null;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * One custom series' values over a chart range, oldest first: average, minimum and maximum per
 * bucket, from raw values for the last day and from rollups beyond, as the machine's charts.
 */
export async function customSeriesPoints(
  ctx: Pick<ServiceContext, "db" | "now">,
  access: Pick<AccountAccess, "accountId">,
  agentId: string,
  seriesId: string,
  range: AgentMetricsRange,
): Promise<CustomSeriesPoints> {
  await findOwnedAgent(ctx.db, access, agentId);
  const series = await ctx.db
    .selectFrom("agent_custom_series")
    .selectAll()
    .where("id", "=", seriesId)
    .where("agent_id", "=", agentId)
    .executeTakeFirst();
  if (!series) throw new NotFoundError("custom metric series");
  const { from, to, raw, bucketMs } = chartWindowOf(ctx.now(), range);
  const rows = raw
    ? await rawPoints(ctx.db, seriesId, from, bucketMs)
    : await rolledPoints(ctx.db, seriesId, from, bucketMs);
  return {
    series: presentCustomSeries(series),
    range,
    from: isoTime(from),
    to: isoTime(to),
    bucket_seconds: bucketMs / 1000,
    points: rows.map((row) => ({
      at: isoTime(row.at),
      value: numberOrNull(row.value),
      min: numberOrNull(row.min),
      max: numberOrNull(row.max),
    })),
  };
}

async function rawPoints(db: Kysely<Database>, seriesId: string, from: number, bucketMs: number) {
  const at = bucketStart("sampled_at", bucketMs);
  const { rows } = await sql<PointRow>`
    select ${at} as at, avg(value) as value, min(value) as min, max(value) as max
    from agent_custom_samples where series_id = ${seriesId} and sampled_at >= ${from}
    group by ${at} order by ${at}`.execute(db);
  return rows;
}

async function rolledPoints(
  db: Kysely<Database>,
  seriesId: string,
  from: number,
  bucketMs: number,
) {
  const at = bucketStart("period_start", bucketMs);
  const { rows } = await sql<PointRow>`
    select ${at} as at, sum(value_sum) / nullif(sum(samples), 0) as value,
      min(value_min) as min, max(value_max) as max
    from agent_custom_rollups where series_id = ${seriesId} and period_start >= ${from}
    group by ${at} order by ${at}`.execute(db);
  return rows;
}
