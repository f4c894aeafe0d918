import { monitorRegions, type Region } from "@upwatch/core";
import type { MonitorSettings } from "../../records/monitor-record.ts";
import type { AccountAccess } from "../accounts/account-access.ts";
import type { RegionDirectory } from "../regions/region-directory.ts";
import { unservedRegionProblem } from "../regions/unserved-region-problem.ts";
import { ServiceError } from "../service-error.ts";
import { enforceMonitorSettings } from "./enforce-plan.ts";

type RegionInput = Omit<MonitorSettings, "region" | "regions"> & {
  region?: Region | undefined;
  regions?: Region[] | undefined;
};

/**
 * Settles the regions of new or changed settings (none given: the deployment's default one),
 * holds them to the plan, and refuses a region no runner serves now. Regions the monitor
 * already had are not refused again, so a runner outage never blocks other changes.
 */
export async function settleMonitorRegions(
  access: AccountAccess,
  input: RegionInput,
  directory: RegionDirectory,
  alreadyChecked: readonly Region[] = [],
): Promise<MonitorSettings> {
  const defaultRegion = await directory.defaultRegion();
  const regions = monitorRegions(input, defaultRegion);
  const settings = { ...input, region: regions[0]!, regions } as MonitorSettings;
  enforceMonitorSettings(access, settings, defaultRegion);
  // Nothing runs a heartbeat monitor: its stored region needs no runner.
  if (settings.type === "heartbeat") return settings;
  const added = regions.filter((region) => !alreadyChecked.includes(region));
  const problem = unservedRegionProblem(added, await directory.served());
  if (problem) throw new ServiceError("invalid", problem);
  return settings;
}
