import type { z } from "zod";
import { ALERTING_OPERATIONS } from "./alerting-operations.ts";
import { AUTH_OPERATIONS } from "./auth-operations.ts";
import {
  accountResponse,
  checkPageResponse,
  checksQuerySchema,
  monitorListResponse,
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
    | "API keys";
  /** Who may call it: anyone, only a signed-in session, or (the default) a key or a session. */
  access?: "public" | "session";
  body?: z.ZodType;
  query?: z.ZodType;
  status: number;
  response?: z.ZodType;
  /** When it can answer 409: what conflicts. */
  conflict?: string;
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
} as const satisfies Record<string, ApiOperation>;
