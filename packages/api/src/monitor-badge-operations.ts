import { type ApiOperation, idParams } from "./api-operation.ts";
import { monitorBadgesBody, monitorBadgesResponse } from "./monitor-badge-schemas.ts";

/** A monitor's public badges and the account's Prometheus scrape; `OPERATIONS` includes them. */
export const MONITOR_BADGE_OPERATIONS = {
  getMonitorBadges: {
    method: "GET",
    url: "/monitors/:id/badges",
    permission: "view",
    summary: "Whether the monitor's public badges are on, and their URLs",
    tag: "Monitors",
    params: idParams,
    status: 200,
    response: monitorBadgesResponse,
  },
  updateMonitorBadges: {
    method: "PUT",
    url: "/monitors/:id/badges",
    permission: "monitors.manage",
    summary:
      "Switch the monitor's public badges on (new unguessable URLs) or off (every URL stops)",
    tag: "Monitors",
    params: idParams,
    body: monitorBadgesBody,
    status: 200,
    response: monitorBadgesResponse,
  },
  regenerateMonitorBadgeKey: {
    method: "POST",
    url: "/monitors/:id/badges/key",
    permission: "monitors.manage",
    summary: "Give the monitor's badges new URLs; the old ones stop at once",
    tag: "Monitors",
    params: idParams,
    status: 200,
    response: monitorBadgesResponse,
    conflict: "The monitor's badges are off",
    errors: { "409": "The monitor's badges are off; switch them on for URLs" },
  },
  prometheusMetrics: {
    method: "GET",
    url: "/metrics/monitors",
    permission: "view",
    summary:
      "Every monitor's up state, last response time, last check and uptime over 24 hours, 7 and 30 days, in the Prometheus text format (API keys only)",
    tag: "Monitors",
    status: 200,
    errors: { "403": "Sent with a signed-in session rather than an API key" },
  },
} as const satisfies Record<string, ApiOperation>;
