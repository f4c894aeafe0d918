import type { Database } from "@upwatch/db";
import type { SelectQueryBuilder } from "kysely";

/** Narrows a query over `monitors` to those in any of the groups; no groups leaves it as it is. */
export function inAnyGroup<O>(
  query: SelectQueryBuilder<Database, "monitors", O>,
  groupIds: readonly string[] | undefined,
): SelectQueryBuilder<Database, "monitors", O> {
  if (!groupIds || groupIds.length === 0) return query;
  return query.where("monitors.id", "in", (eb) =>
    eb
      .selectFrom("monitor_group_members")
      .select("monitor_group_members.monitor_id")
      .where("monitor_group_members.group_id", "in", [...groupIds]),
  );
}
