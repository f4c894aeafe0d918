import type { Group } from "@upwatch/api";
import { type AuditEventInput, auditChanges } from "../audit/record-audit-event.ts";

function settingsOf(group: Group | null): Record<string, unknown> {
  if (!group) return {};
  return {
    name: group.name,
    description: group.description,
    monitor_ids: group.monitor_ids,
    channel_ids: group.channel_ids,
    channel_severities: group.channels.map((link) => `${link.id}: ${link.severities.join(", ")}`),
  };
}

/** A group event: what its name, description, monitors and channels were and became. */
export function groupAuditEvent(
  action: "group.created" | "group.updated" | "group.deleted",
  before: Group | null,
  after: Group | null,
): AuditEventInput {
  const group = (after ?? before) as Group;
  return {
    action,
    target: { type: "group", id: group.id, label: group.name },
    changes: auditChanges(settingsOf(before), settingsOf(after)),
  };
}
