import type { Channel } from "@upwatch/api";
import {
  type AlertChannel,
  type ChannelLink,
  channelType,
  decodeSeverities,
  type PlanId,
  parseQuietHours,
} from "@upwatch/core";
import type { ChannelTable, Database } from "@upwatch/db";
import type { Selectable } from "kysely";
import { placeOf, type SecretBox } from "../../secrets/secret-box.ts";
import { isoTime } from "../../time.ts";
import { channelDisabledReason } from "./channel-rules.ts";

export const MASK = "********";

/** A channel row as read, its routing settings included. */
export type StoredChannel = Selectable<Database["channels"]>;

/** A secret shown as its start and a mask: enough to recognise, not enough to use. */
function maskValue(value: string): string {
  try {
    return `${new URL(value).origin}/${MASK}`;
  } catch {
    return MASK;
  }
}

type StoredSecrets = Pick<ChannelTable, "id" | "config" | "secret">;

/**
 * A channel row as stored: its settings and signing secret sealed, since they hold addresses,
 * Slack and webhook URLs with their tokens, and the key webhooks are signed with.
 */
export function sealChannel<T extends StoredSecrets>(channel: T, secrets: SecretBox): T {
  return {
    ...channel,
    config: secrets.seal(channel.config, placeOf("channels", "config", channel.id)),
    secret:
      channel.secret === null
        ? null
        : secrets.seal(channel.secret, placeOf("channels", "secret", channel.id)),
  };
}

/** A stored channel row with its settings and signing secret opened. */
export function openChannel<T extends StoredSecrets>(channel: T, secrets: SecretBox): T {
  return {
    ...channel,
    config: secrets.open(channel.config, placeOf("channels", "config", channel.id)),
    secret:
      channel.secret === null
        ? null
        : secrets.open(channel.secret, placeOf("channels", "secret", channel.id)),
  };
}

export function configOf(channel: ChannelTable): Record<string, string> {
  return JSON.parse(channel.config) as Record<string, string>;
}

/** A stored channel as the API shows it: secrets masked, with the monitors that use it; the
 * signing secret in full only when answering its creation (`revealSecret`). */
export function viewChannel(
  channel: StoredChannel,
  monitors: ChannelLink[],
  plan: PlanId,
  revealSecret = false,
): Channel {
  const type = channel.type as AlertChannel;
  const config = configOf(channel);
  for (const field of channelType(type).secretFields as readonly string[]) {
    if (config[field]) config[field] = maskValue(config[field]);
  }
  return {
    id: channel.id,
    type,
    name: channel.name,
    config,
    signing_secret:
      channel.secret === null ? null : revealSecret ? channel.secret : `whsec_${MASK}`,
    attach_to_new_monitors: channel.attach_to_new_monitors === 1,
    confirmed: channel.confirmed_at !== null,
    monitor_ids: monitors.map((monitor) => monitor.id),
    monitors,
    new_monitor_severities: decodeSeverities(channel.new_monitor_severities),
    quiet_hours: parseQuietHours(channel.quiet_hours),
    disabled_reason: channelDisabledReason(plan, type),
    created_at: isoTime(channel.created_at),
    updated_at: isoTime(channel.updated_at),
  };
}

/** Keeps stored secrets where a change sends their masked form back. */
export function keepMaskedConfig(
  type: AlertChannel,
  next: Record<string, unknown>,
  stored: Record<string, string>,
): Record<string, unknown> {
  const kept = { ...next };
  for (const field of channelType(type).secretFields as readonly string[]) {
    if (typeof kept[field] === "string" && kept[field] === maskValue(stored[field] ?? "")) {
      kept[field] = stored[field];
    }
  }
  return kept;
}
