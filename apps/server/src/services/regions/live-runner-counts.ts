import { isRegion, type Region } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";

/** How recent a runner's last heartbeat must be for its region to count as served. */
export const RUNNER_LIVE_MS = 20_000;

/** The live runners of each region, by their last heartbeat. */
export async function liveRunnerCounts(ctx: ServiceContext): Promise<Map<Region, number>> {
  const rows = await ctx.db
    .selectFrom("runners")
    .select(["region", (eb) => eb.fn.countAll<number>().as("count")])
    .where("revoked_at", "is", null)
    .where("last_seen_at", ">=", ctx.now() - RUNNER_LIVE_MS)
    .groupBy("region")
    .execute();
  const counts = new Map<Region, number>();
  for (const row of rows) if (isRegion(row.region)) counts.set(row.region, Number(row.count));
  return counts;
}
