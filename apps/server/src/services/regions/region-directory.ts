import { REGIONS, type Region } from "@upwatch/core";
import type { ServiceContext } from "../context.ts";
import { liveRunnerCounts } from "./live-runner-counts.ts";

/** How long one reading of the runners is reused. */
const CACHE_MS = 2_000;

/** Which regions this deployment can check right now. */
export interface RegionDirectory {
  /** The deployment's own region, or null when it runs no checks in-process. */
  localRegion: Region | null;
  /** What the operator calls the local region (LOCAL_REGION_NAME), if they named it. */
  localRegionName?: string | undefined;
  /** Regions with a live runner or the local one; read from `runners` (cached <= 2 s). */
  served(): Promise<Set<Region>>;
  /** The region plans without a choice run from: the local one, else the first served one. */
  defaultRegion(): Promise<Region>;
  /** The latest reading of `served()` whatever its age, or null before the first. */
  lastServed(): Set<Region> | null;
}

/** The regions served: the local one and those of runners that sent a heartbeat lately. */
export function regionDirectory(
  ctx: ServiceContext,
  options: { localRegion: Region | null; localRegionName?: string | undefined },
): RegionDirectory {
  const { localRegion, localRegionName } = options;
  let cached: { at: number; regions: Set<Region> } | null = null;
  const served = async (): Promise<Set<Region>> => {
    const at = ctx.now();
    if (cached && at - cached.at >= 0 && at - cached.at < CACHE_MS) return new Set(cached.regions);
    const regions = new Set<Region>((await liveRunnerCounts(ctx)).keys());
    if (localRegion) regions.add(localRegion);
    cached = { at, regions };
    return new Set(regions);
  };
  return {
    localRegion,
    localRegionName,
    served,
    lastServed: () => (cached ? new Set(cached.regions) : null),
    async defaultRegion() {
      if (localRegion) return localRegion;
      const regions = await served();
      return REGIONS.find((region) => regions.has(region)) ?? REGIONS[0];
    },
  };
}
