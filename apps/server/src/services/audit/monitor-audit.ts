import { type Monitor, settingsOf } from "../../records/monitor-record.ts";
import { maskSecrets } from "../monitors/secret-options.ts";
import type { AuditChanges, AuditEventInput } from "./record-audit-event.ts";
import { auditChanges } from "./record-audit-event.ts";

/**
 * A monitor event: its settings before and after (null for a monitor that does not exist on
 * that side). Passwords, tokens and secret headers in its options show masked; a changed secret
 * still shows the options as changed.
 */
export function monitorAuditEvent(
  action: string,
  before: Monitor | null,
  after: Monitor,
): AuditEventInput {
  return {
    action,
    target: { type: "monitor", id: after.id, label: after.name },
    changes: monitorChanges(before, after),
  };
}

/** The settings of a monitor before and after, options masked. */
function monitorChanges(before: Monitor | null, after: Monitor | null): AuditChanges | null {
  const changes = auditChanges(before ? settingsOf(before) : {}, after ? settingsOf(after) : {});
  const options = changes?.options;
  if (options) {
    options.before = before ? maskSecrets(before.options) : null;
    options.after = after ? maskSecrets(after.options) : null;
  }
  return changes;
}

/** A deleted monitor's event: the settings it had. */
export function deletedMonitorAuditEvent(before: Monitor): AuditEventInput {
  return {
    action: "monitor.deleted",
    target: { type: "monitor", id: before.id, label: before.name },
    changes: monitorChanges(before, null),
  };
}
