import { type CreateMonitorInput, createMonitorSchema, type PlanId } from "@upwatch/core";
import type { ServiceContext } from "../src/services/context.ts";
import { createMonitor } from "../src/services/monitors/create-monitor.ts";
import { IGNORE_MONITOR_CHANGES } from "../src/services/monitors/monitor-changes.ts";
import { regionDirectory } from "../src/services/regions/region-directory.ts";

/** A multi-step monitor stored as the monitors API stores one, with these variables. */
export async function storeMultiStepMonitor(
  ctx: ServiceContext,
  accountId: string,
  plan: PlanId,
  name: string,
  variables: Record<string, string>,
) {
  const base = createMonitorSchema.parse({ type: "http", name, target: "https://example.com/" });
  const input = {
    ...base,
    type: "multi_step",
    options: {
      variables,
      steps: [
        {
          name: "login",
          type: "http_request",
          order_index: 1,
          config: { method: "POST", url: "https://example.com/login", body: "{{password}}" },
        },
      ],
    },
  } as unknown as CreateMonitorInput;
  return createMonitor(
    ctx,
    { accountId, plan },
    input,
    IGNORE_MONITOR_CHANGES,
    regionDirectory(ctx, { localRegion: "us-west-1" }),
  );
}
