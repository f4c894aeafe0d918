import { type Kysely, type Migration, sql } from "kysely";

/** The response-time histogram's upper bounds (ms) when half-hour rollups were added. */
const HISTOGRAM_BOUNDS_MS = [
  10, 25, 50, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000,
];
const KEPT_MS = 2 * 86_400_000;
const HALF_HOUR_MS = 1_800_000;

/**
 * Half-hour rollups (bucket_seconds 1800) feed the monitor list's bars; the table already takes
 * any granularity, so this only fills them from the raw results of the last two days.
 */
export const halfHourRollupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const histogram = HISTOGRAM_BOUNDS_MS.map((bound, index) => {
      const lower =
        index === 0 ? sql`` : sql`response_ms > ${sql.lit(HISTOGRAM_BOUNDS_MS[index - 1])} and `;
      return sql`sum(case when ${lower}response_ms <= ${sql.lit(bound)} then 1 else 0 end)`;
    });
    histogram.push(
      sql`sum(case when response_ms > ${sql.lit(HISTOGRAM_BOUNDS_MS.at(-1))} then 1 else 0 end)`,
    );
    const columns = HISTOGRAM_BOUNDS_MS.map((_, index) => `h${String(index).padStart(2, "0")}`);
    columns.push(`h${String(HISTOGRAM_BOUNDS_MS.length).padStart(2, "0")}`);
    const period = sql`(checked_at / ${sql.lit(HALF_HOUR_MS)}) * ${sql.lit(HALF_HOUR_MS)}`;
    const summed = (column: string) =>
      sql`coalesce(sum(${sql.ref(column)}), 0), count(${sql.ref(column)})`;
    await sql`insert into check_rollups (monitor_id, bucket_seconds, period_start, checks, up_checks,
        response_sum, response_count, dns_sum, dns_count, connect_sum, connect_count,
        tls_sum, tls_count, first_byte_sum, first_byte_count, ${sql.join(columns.map((c) => sql.ref(c)))})
      select monitor_id, 1800, ${period}, count(*), sum(up),
        ${summed("response_ms")}, ${summed("dns_ms")}, ${summed("connect_ms")},
        ${summed("tls_ms")}, ${summed("first_byte_ms")}, ${sql.join(histogram)}
      from check_results where checked_at >= ${sql.lit(Date.now() - KEPT_MS)}
      group by monitor_id, ${period}`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from check_rollups where bucket_seconds = 1800`.execute(db);
  },
};
