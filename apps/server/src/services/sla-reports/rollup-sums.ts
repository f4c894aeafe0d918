import type { Database } from "@upwatch/db";
import { ROLLUP_HISTOGRAM_COLUMNS } from "@upwatch/db";
import { type Kysely, sql } from "kysely";

const CHUNK = 400;
const SUMMED = [
  "checks",
  "up_checks",
  "response_sum",
  "response_count",
  ...ROLLUP_HISTOGRAM_COLUMNS,
];

/** A monitor's (or one of its regions') rollups over a period, added up in the database. */
export interface RollupSum {
  monitor_id: string;
  region: string;
  checks: number;
  up_checks: number;
  missed: number;
  response_sum: number;
  response_count: number;
  response_min: number | null;
  response_max: number | null;
  histogram: number[];
}

/** The rollup length a period is read from, and the rows whose start lies inside it. */
export interface RollupWindow {
  bucketSeconds: number;
  from: number;
  to: number;
}

type Row = Record<string, string | number | null>;

function toSum(row: Row): RollupSum {
  const n = (key: string) => Number(row[key] ?? 0);
  const nullable = (key: string) => (row[key] === null ? null : Number(row[key]));
  return {
    monitor_id: String(row.monitor_id),
    region: String(row.region ?? ""),
    checks: n("checks"),
    up_checks: n("up_checks"),
    missed: n("missed"),
    response_sum: n("response_sum"),
    response_count: n("response_count"),
    response_min: nullable("response_min"),
    response_max: nullable("response_max"),
    histogram: ROLLUP_HISTOGRAM_COLUMNS.map((column) => n(column)),
  };
}

/**
 * Sums of the monitors' rollups inside the window, one row a monitor (`byRegion` false, from
 * the rollups of all regions) or a monitor and region; the database adds them up, so a month
 * of a thousand monitors reads a thousand rows, not seven hundred thousand.
 */
export async function sumRollups(
  db: Kysely<Database>,
  monitorIds: readonly string[],
  window: RollupWindow,
  byRegion: boolean,
): Promise<RollupSum[]> {
  const table = byRegion ? "check_region_rollups" : "check_rollups";
  const columns = byRegion ? [...SUMMED, "missed"] : SUMMED;
  const sums = [
    ...columns.map((column) => sql`coalesce(sum(${sql.ref(column)}), 0)`.as(column)),
    sql`min(${sql.ref("response_min")})`.as("response_min"),
    sql`max(${sql.ref("response_max")})`.as("response_max"),
  ];
  const out: RollupSum[] = [];
  for (let i = 0; i < monitorIds.length; i += CHUNK) {
    const base = db
      .selectFrom(table)
      .where("monitor_id", "in", monitorIds.slice(i, i + CHUNK))
      .where("bucket_seconds", "=", window.bucketSeconds)
      .where("period_start", ">=", window.from)
      .where("period_start", "<", window.to);
    const rows = byRegion
      ? await (base as ReturnType<typeof db.selectFrom<"check_region_rollups">>)
          .select(["monitor_id", "region", ...sums])
          .groupBy(["monitor_id", "region"])
          .execute()
      : await base
          .select(["monitor_id", ...sums])
          .groupBy("monitor_id")
          .execute();
    for (const row of rows) out.push(toSum(row as Row));
  }
  return out;
}
