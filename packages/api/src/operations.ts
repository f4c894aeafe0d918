import { ALERTING_OPERATIONS } from "./alerting-operations.ts";
import type { ApiOperation } from "./api-operation.ts";
import { AUTH_OPERATIONS } from "./auth-operations.ts";
import { MONITOR_OPERATIONS } from "./monitor-operations.ts";
import { SECURE_VARIABLE_OPERATIONS } from "./secure-variable-operations.ts";
import { STATUS_PAGE_OPERATIONS } from "./status-page-operations.ts";

/** Every operation of the REST API; the routes, the OpenAPI document and the web app read this. */
export const OPERATIONS = {
  ...MONITOR_OPERATIONS,
  ...ALERTING_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...SECURE_VARIABLE_OPERATIONS,
  ...STATUS_PAGE_OPERATIONS,
  streamEvents: {
    method: "GET",
    url: "/events",
    summary: "The account's live updates as server-sent events",
    tag: "Live updates",
    status: 200,
    eventStream:
      "Events `check` {monitor_id, check, monitor_status}, `alert` {alert}, `monitor` {monitor} and `monitor-deleted` {monitor_id}, each `data` a JSON object whose parts have the shapes of the REST answers; a `: keep-alive` comment every 25 seconds.",
    errors: {
      "429": "The account has 20 live update streams open, or the hourly allowance is spent",
    },
  },
} as const satisfies Record<string, ApiOperation>;
