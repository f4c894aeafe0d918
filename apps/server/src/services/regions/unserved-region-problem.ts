import { REGIONS, type Region } from "@upwatch/core";

/** The sentence that refuses a monitor in a region nobody serves, or null when all are served. */
export function unservedRegionProblem(
  regions: readonly Region[],
  served: ReadonlySet<Region>,
): string | null {
  const missing = regions.find((region) => !served.has(region));
  if (!missing) return null;
  const offered = REGIONS.filter((region) => served.has(region));
  const list = offered.length ? `Regions served: ${offered.join(", ")}.` : "No region is served.";
  return `No runner serves ${missing} right now, so the monitor would never be checked there. ${list}`;
}
