import { sql } from "kysely";

export const HALF_HOUR_MS = 1_800_000;

/** The start of the bucket of `bucketMs` a time column falls in. */
export function bucketStart(column: string, bucketMs: number) {
  return sql<number>`(${sql.ref(column)} / ${sql.lit(bucketMs)}) * ${sql.lit(bucketMs)}`;
}

/** A sample's memory used, in percent; null without a memory total, so it weighs nothing. */
export const memoryUsedPercent = sql<
  number | null
>`case when memory_total > 0 then memory_used * 100.0 / memory_total end`;

/** A disk sample's space used, in percent. */
export const diskUsedPercent = sql<number>`case when total_bytes > 0 then used_bytes * 100.0 / total_bytes else 0 end`;
