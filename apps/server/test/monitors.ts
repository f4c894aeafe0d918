import { type CheckOutcome, createMonitorSchema, type PlanId } from "@upwatch/core";
import type { CheckRecord } from "../src/check-intake/check-record.ts";
import type { AccountAccess } from "../src/services/accounts/account-access.ts";
import type { ServiceContext } from "../src/services/context.ts";
import { createMonitor } from "../src/services/monitors/create-monitor.ts";
import { IGNORE_MONITOR_CHANGES } from "../src/services/monitors/monitor-changes.ts";
import { regionDirectory } from "../src/services/regions/region-directory.ts";

/** Creates an HTTP monitor for the account through the service, as the API would. */
export async function createTestMonitor(ctx: ServiceContext, accountId: string, plan: PlanId) {
  const access: AccountAccess = { accountId, plan };
  const input = createMonitorSchema.parse({
    type: "http",
    name: "Site",
    target: "https://example.com/",
  });
  return createMonitor(
    ctx,
    access,
    input,
    IGNORE_MONITOR_CHANGES,
    regionDirectory(ctx, { localRegion: "us-west-1" }),
  );
}

/** A finished check at `checkedAt`, up or down, with a response time and phases. */
export function checkRecord(
  monitorId: string,
  checkedAt: number,
  up: boolean,
  responseMs: number,
): CheckRecord {
  const outcome: CheckOutcome = {
    status: up ? "up" : "down",
    responseTimeMs: responseMs,
    timings: { dnsMs: 2, connectMs: 4, tlsMs: 8, firstByteMs: responseMs - 20 },
    statusCode: up ? 200 : 503,
    error: up
      ? null
      : "Expected a 2xx or 3xx status but the server answered 503 Service Unavailable.",
  };
  return {
    monitorId,
    checkedAt,
    plannedAt: checkedAt,
    region: "us-west-1",
    outcome,
    health: {
      status: up ? "up" : "down",
      consecutiveFailures: up ? 0 : 3,
      consecutiveSuccesses: up ? 1 : 0,
    },
  };
}
