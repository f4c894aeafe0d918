import { REGION_LOCATIONS, REGIONS, type Region } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { liveRunnerCounts } from "./live-runner-counts.ts";
import type { RegionDirectory } from "./region-directory.ts";

/** One region of the catalogue as the deployment sees it now. */
export interface RegionStatus {
  region: Region;
  location: string;
  served: boolean;
  local: boolean;
  /** Runners of the region with a recent heartbeat. */
  runners: number;
  /** When its open runner outage began; null when none is open. */
  outageSince: number | null;
}

/** Every region of the catalogue: served or not, its live runners and any open outage. */
export async function listRegions(
  ctx: ServiceContext,
  directory: RegionDirectory,
): Promise<RegionStatus[]> {
  const [served, runners, outages] = await Promise.all([
    directory.served(),
    liveRunnerCounts(ctx),
    ctx.db
      .selectFrom("region_outages")
      .select(["region", (eb) => eb.fn.min("started_at").as("started_at")])
      .where("ended_at", "is", null)
      .groupBy("region")
      .execute(),
  ]);
  const outageOf = new Map(outages.map((row) => [row.region, Number(row.started_at)]));
  return REGIONS.map((region) => ({
    region,
    location:
      region === directory.localRegion && directory.localRegionName
        ? directory.localRegionName
        : REGION_LOCATIONS[region],
    served: served.has(region),
    local: region === directory.localRegion,
    runners: runners.get(region) ?? 0,
    outageSince: outageOf.get(region) ?? null,
  }));
}
