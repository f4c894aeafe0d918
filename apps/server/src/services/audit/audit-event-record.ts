import { auditActionLabel } from "@upwatch/core";
import type { AuditEventTable } from "@upwatch/db";
import type { Selectable } from "kysely";
import { isoTime } from "../../time.ts";
import type { AuditChanges } from "./record-audit-event.ts";

/** A stored audit event as the API and the CSV export show it. */
export interface AuditEventView {
  id: string;
  at: string;
  actor: {
    kind: "user" | "api_key" | "operator" | "system";
    user_id: string | null;
    api_key_id: string | null;
    label: string;
  };
  action: string;
  action_label: string;
  target: { type: string; id: string; label: string } | null;
  changes: AuditChanges | null;
  ip_address: string | null;
  user_agent: string | null;
}

/** The view of a stored event. */
export function viewAuditEvent(row: Selectable<AuditEventTable>): AuditEventView {
  return {
    id: row.id,
    at: isoTime(row.at),
    actor: {
      kind: row.actor_kind as AuditEventView["actor"]["kind"],
      user_id: row.actor_user_id,
      api_key_id: row.actor_api_key_id,
      label: row.actor_label,
    },
    action: row.action,
    action_label: auditActionLabel(row.action),
    target:
      row.target_type && row.target_id
        ? { type: row.target_type, id: row.target_id, label: row.target_label ?? row.target_id }
        : null,
    changes: row.changes ? (JSON.parse(row.changes) as AuditChanges) : null,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
  };
}
