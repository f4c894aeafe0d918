import { type Permission, storableText } from "@upwatch/core";
import { z } from "zod";

/** One REST operation: where it lives and the schemas that validate and describe it. */
export interface ApiOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path below `/api/v1`, Fastify style (`/monitors/:id`). */
  url: string;
  summary: string;
  tag:
    | "Monitors"
    | "Groups"
    | "Checks"
    | "Account"
    | "Alerts"
    | "Dependencies"
    | "Channels"
    | "Notifications"
    | "Sign-in"
    | "API keys"
    | "Secure variables"
    | "Status pages"
    | "Live updates"
    | "Regions"
    | "Agents"
    | "Team"
    | "Audit log"
    | "Billing"
    | "Security"
    | "Reports"
    | "Dashboards"
    | "Maintenance";
  /** Who may call it: anyone, only a signed-in session, or (the default) a key or a session. */
  access?: "public" | "session";
  /**
   * What the caller's role (or key's scope) must allow; `self` for a person's own sign-in
   * settings, which every member may change. Every operation that is not public names one.
   */
  permission?: Permission | "self";
  /** Path parameters: every `:name` of the url. */
  params?: z.ZodObject;
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

/** The path parameters of an operation on one thing (`/monitors/:id`). */
export const idParams = z.object({ id: z.string().check(storableText("The id in the path")) });
