import type { ApiOperation } from "./api-operation.ts";
import {
  auditActorsResponse,
  auditFilterQuery,
  auditLogQuery,
  auditLogResponse,
} from "./audit-schemas.ts";

const tag = "Audit log";
const planError = { "403": "The role lacks audit_log.view, or the plan keeps no audit log" };

/** The account's audit log: who changed what, newest first; it cannot be changed. */
export const AUDIT_OPERATIONS = {
  listAuditEvents: {
    method: "GET",
    url: "/audit-log",
    permission: "audit_log.view",
    summary: "The account's audit log, newest first, a page at a time, with optional filters",
    tag,
    query: auditLogQuery,
    status: 200,
    response: auditLogResponse,
    errors: planError,
  },
  exportAuditEvents: {
    method: "GET",
    url: "/audit-log.csv",
    permission: "audit_log.view",
    summary:
      "The filtered audit log as CSV (time, actor, action, target, changes, address, user agent)",
    tag,
    query: auditFilterQuery,
    status: 200,
    errors: planError,
  },
  listAuditActors: {
    method: "GET",
    url: "/audit-log/actors",
    permission: "audit_log.view",
    summary: "The people who appear in the audit log, to filter it by",
    tag,
    status: 200,
    response: auditActorsResponse,
    errors: planError,
  },
} as const satisfies Record<string, ApiOperation>;
