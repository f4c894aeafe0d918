import { ACCOUNT_SETTINGS_OPERATIONS } from "./account-settings-operations.ts";
import { AGENT_DOWNLOAD_OPERATIONS } from "./agent-download-operations.ts";
import { AGENT_OPERATIONS } from "./agent-operations.ts";
import { ALERTING_OPERATIONS } from "./alerting-operations.ts";
import type { ApiOperation } from "./api-operation.ts";
import { AUDIT_OPERATIONS } from "./audit-operations.ts";
import { AUTH_OPERATIONS } from "./auth-operations.ts";
import { BILLING_OPERATIONS } from "./billing-operations.ts";
import { CUSTOM_METRIC_OPERATIONS } from "./custom-metric-operations.ts";
import { DASHBOARD_OPERATIONS } from "./dashboard-operations.ts";
import { GROUP_OPERATIONS } from "./group-operations.ts";
import { HISTORY_OPERATIONS } from "./history-operations.ts";
import { MAINTENANCE_WINDOW_OPERATIONS } from "./maintenance-window-operations.ts";
import { MEMBER_OPERATIONS } from "./member-operations.ts";
import { MONITOR_BADGE_OPERATIONS } from "./monitor-badge-operations.ts";
import { MONITOR_OPERATIONS } from "./monitor-operations.ts";
import { PLAN_CHANGE_OPERATIONS } from "./plan-change-operations.ts";
import { ROLE_OPERATIONS } from "./role-operations.ts";
import { SECURE_VARIABLE_OPERATIONS } from "./secure-variable-operations.ts";
import { SERVER_OPERATIONS } from "./server-operations.ts";
import { SLA_REPORT_OPERATIONS } from "./sla-report-operations.ts";
import { SSO_OPERATIONS } from "./sso-operations.ts";
import { STATUS_PAGE_OPERATIONS } from "./status-page-operations.ts";
import { TWO_FACTOR_OPERATIONS } from "./two-factor-operations.ts";

/** Every operation of the REST API; the routes, the OpenAPI document and the web app read this. */
export const OPERATIONS = {
  ...MONITOR_OPERATIONS,
  ...GROUP_OPERATIONS,
  ...ALERTING_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...SECURE_VARIABLE_OPERATIONS,
  ...STATUS_PAGE_OPERATIONS,
  ...AGENT_OPERATIONS,
  ...AGENT_DOWNLOAD_OPERATIONS,
  ...CUSTOM_METRIC_OPERATIONS,
  ...ROLE_OPERATIONS,
  ...AUDIT_OPERATIONS,
  ...TWO_FACTOR_OPERATIONS,
  ...MEMBER_OPERATIONS,
  ...SSO_OPERATIONS,
  ...PLAN_CHANGE_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...SERVER_OPERATIONS,
  ...HISTORY_OPERATIONS,
  ...MONITOR_BADGE_OPERATIONS,
  ...DASHBOARD_OPERATIONS,
  ...ACCOUNT_SETTINGS_OPERATIONS,
  ...MAINTENANCE_WINDOW_OPERATIONS,
  ...SLA_REPORT_OPERATIONS,
  streamEvents: {
    method: "GET",
    url: "/events",
    permission: "view",
    summary: "The account's live updates as server-sent events",
    tag: "Live updates",
    status: 200,
    eventStream:
      "Events `check` {monitor_id, check, monitor_status, consecutive_failures}, `alert` {alert}, `monitor` {monitor} and `monitor-deleted` {monitor_id}, each `data` a JSON object whose parts have the shapes of the REST answers; a `: keep-alive` comment every 25 seconds.",
    errors: {
      "429": "The account has 20 live update streams open, or the hourly allowance is spent",
    },
  },
} as const satisfies Record<string, ApiOperation>;
