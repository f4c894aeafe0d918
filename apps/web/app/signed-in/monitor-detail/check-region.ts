import type { CheckView } from "@upwatch/api";
import { AGENT_CHECK_REGION, HEARTBEAT_CHECK_REGION } from "@upwatch/core";

/** Where a check ran, as a list shows it: the region's code, "Agent" or "Ping" when none ran it. */
export function checkRegionLabel(region: CheckView["region"]): string {
  if (region === AGENT_CHECK_REGION) return "Agent";
  if (region === HEARTBEAT_CHECK_REGION) return "Ping";
  return region;
}
