import { type AlertChannel, channelType } from "@upwatch/core";
import type { ChannelTable } from "@upwatch/db";
import type { AuditEventInput } from "./record-audit-event.ts";
import { auditChanges } from "./record-audit-event.ts";

/**
 * A channel event from its stored rows (opened) before and after; null for a side where the
 * channel does not exist. Secret settings (URLs holding tokens, the webhook signing secret)
 * show masked.
 */
export function channelAuditEvent(
  action: string,
  before: ChannelTable | null,
  after: ChannelTable | null,
): AuditEventInput {
  const channel = (after ?? before) as ChannelTable;
  const secretFields = [
    ...(channelType(channel.type as AlertChannel).secretFields as readonly string[]).map(
      (field) => `config.${field}`,
    ),
    "signing_secret",
  ];
  return {
    action,
    target: { type: "channel", id: channel.id, label: channel.name },
    changes: auditChanges(fieldsOf(before), fieldsOf(after), secretFields),
  };
}

/** The routing settings a row read from storage carries beside its table's columns. */
type Routing = Partial<{ new_monitor_severities: string; quiet_hours: string | null }>;

function fieldsOf(channel: (ChannelTable & Routing) | null): Record<string, unknown> {
  if (!channel) return {};
  const config = JSON.parse(channel.config) as Record<string, unknown>;
  return {
    type: channel.type,
    name: channel.name,
    ...Object.fromEntries(Object.entries(config).map(([key, value]) => [`config.${key}`, value])),
    signing_secret: channel.secret,
    attach_to_new_monitors: channel.attach_to_new_monitors === 1,
    new_monitor_severities: channel.new_monitor_severities,
    quiet_hours: channel.quiet_hours ?? null,
  };
}
