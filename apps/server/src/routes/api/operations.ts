import type { z } from "zod";
import { ALERTING_OPERATIONS } from "./alerting-operations.ts";
import { AUTH_OPERATIONS } from "./auth-operations.ts";
import {
  accountResponse,
  checkPageResponse,
  checkResultResponse,
  checksQuerySchema,
  monitorListResponse,
  monitorOverviewResponse,
  monitorResponse,
  requestSchemas,
  statsQuerySchema,
  statsResponse,
} from "./schemas.ts";

/** One REST operation: where it lives and the schemas that validate and describe it. */
export interface ApiOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path below `/api/v1`, Fastify style (`/monitors/:id`). */
  url: string;
  summary: string;
  tag:
    | "Monitors"
    | "Checks"
    | "Account"
    | "Alerts"
    | "Dependencies"
    | "Channels"
    | "Notifications"
    | "Sign-in"
    | "API keys"
    | "Live updates";
  /** Who may call it: anyone, only a signed-in session, or (the default) a key or a session. */
  access?: "public" | "session";
  body?: z.ZodType;
  query?: z.ZodType;
  status: number;
  response?: z.ZodType;
  /** When it can answer 409: what conflicts. */
  conflict?: string;
  /** An answer that is a server-sent event stream rather than JSON: what it carries. */
  eventStream?: string;
  /** Answers besides the usual ones (400, 401, 403, 404, 429), or other words for them. */
  errors?: Record<string, string>;
}

/** Every operation of the REST API; the routes and the OpenAPI document both read this. */
export const OPERATIONS = {
  getAccount: {
    method: "GET",
    url: "/account",
    summary: "The account of the API key, its plan limits and monitor count",
    tag: "Account",
    status: 200,
    response: accountResponse,
  },
  listMonitors: {
    method: "GET",
    url: "/monitors",
    summary: "List the account's monitors",
    tag: "Monitors",
    status: 200,
    response: monitorListResponse,
  },
  createMonitor: {
    method: "POST",
    url: "/monitors",
    summary: "Create a monitor (within the plan's rules)",
    tag: "Monitors",
    body: requestSchemas.createMonitor,
    status: 201,
    response: monitorResponse,
  },
  monitorOverview: {
    method: "GET",
    url: "/monitors/overview",
    summary: "Every monitor's status, last check, 24-hour uptime and half-hour bars",
    tag: "Monitors",
    status: 200,
    response: monitorOverviewResponse,
  },
  getMonitor: {
    method: "GET",
    url: "/monitors/:id",
    summary: "Get one monitor",
    tag: "Monitors",
    status: 200,
    response: monitorResponse,
  },
  updateMonitor: {
    method: "PATCH",
    url: "/monitors/:id",
    summary: "Change some of a monitor's settings",
    tag: "Monitors",
    body: requestSchemas.updateMonitor,
    status: 200,
    response: monitorResponse,
  },
  deleteMonitor: {
    method: "DELETE",
    url: "/monitors/:id",
    summary: "Delete a monitor with its results",
    tag: "Monitors",
    status: 204,
  },
  pauseMonitor: {
    method: "POST",
    url: "/monitors/:id/pause",
    summary: "Pause a monitor (no checks run while paused)",
    tag: "Monitors",
    status: 200,
    response: monitorResponse,
  },
  resumeMonitor: {
    method: "POST",
    url: "/monitors/:id/resume",
    summary: "Resume a paused monitor",
    tag: "Monitors",
    status: 200,
    response: monitorResponse,
  },
  listChecks: {
    method: "GET",
    url: "/monitors/:id/checks",
    summary: "Recent check results, newest first, a page at a time",
    tag: "Checks",
    query: checksQuerySchema,
    status: 200,
    response: checkPageResponse,
  },
  checkMonitorNow: {
    method: "POST",
    url: "/monitors/:id/check",
    summary: "Check the monitor now and answer with the stored result (alerts follow as usual)",
    tag: "Checks",
    status: 200,
    response: checkResultResponse,
    errors: {
      "409": "The monitor is paused",
      "429": "The monitor was checked in the last 5 seconds, or the hourly allowance is spent",
      "503": "This server does not run checks (RUN_CHECKS=false) or is shutting down",
    },
  },
  monitorStats: {
    method: "GET",
    url: "/monitors/:id/stats",
    summary: "Uptime, response times and per-phase timing over a range",
    tag: "Checks",
    query: statsQuerySchema,
    status: 200,
    response: statsResponse,
  },
  ...ALERTING_OPERATIONS,
  ...AUTH_OPERATIONS,
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
