import { z } from "zod";
import { storableText } from "../storable-text.ts";
import { ALERT_SEVERITIES, type AlertSeverity, type NotificationEvent } from "./alert-types.ts";
import { isInQuietHours, type QuietHours } from "./quiet-hours.ts";

/** One attachment of a channel (to a monitor, a group, an agent) and the severities it takes. */
export interface ChannelLink {
  id: string;
  severities: AlertSeverity[];
}

/** The severities in their canonical order (critical, warning, info), each once. */
export function orderSeverities(list: Iterable<AlertSeverity>): AlertSeverity[] {
  const wanted = new Set(list);
  return ALERT_SEVERITIES.filter((severity) => wanted.has(severity));
}

/** How an attachment's severities are stored: `critical,warning,info`. */
export function encodeSeverities(list: Iterable<AlertSeverity>): string {
  return orderSeverities(list).join(",");
}

/** An attachment's stored severities; anything unreadable counts as every severity. */
export function decodeSeverities(text: string | null | undefined): AlertSeverity[] {
  const known = (text ?? "")
    .split(",")
    .filter((item): item is AlertSeverity =>
      (ALERT_SEVERITIES as readonly string[]).includes(item),
    );
  return known.length ? orderSeverities(known) : [...ALERT_SEVERITIES];
}

/** A non-empty list of severities, such as `["critical"]`. */
export function severitiesField(field: string) {
  const message = `${field} must list one or more of ${ALERT_SEVERITIES.join(", ")}.`;
  return z
    .array(z.enum(ALERT_SEVERITIES, { message }), { message })
    .min(1, { message })
    .transform((list) => orderSeverities(list));
}

/**
 * A list of attachments with their severities, the alternative to a plain list of ids:
 * `[{ "id": "chn_...", "severities": ["critical"] }]`; left out, severities are all three.
 */
export function channelLinksField(field: string, what: string, max: number) {
  const message = `${field} must be a list of objects with the ${what}'s id and, optionally, severities.`;
  return z
    .array(
      z.strictObject(
        {
          id: z.string({ message }).check(storableText(`${field}[].id`)),
          severities: severitiesField(`${field}[].severities`).optional(),
        },
        { message },
      ),
      { message },
    )
    .max(max, { message: `${field} can list at most ${max} ${what}s.` });
}

/**
 * The attachments a request gives by plain ids (every severity) or by links; undefined when it
 * gives neither. An id listed twice takes the severities of both entries.
 */
export function linksOf(
  ids: readonly string[] | undefined,
  links: readonly { id: string; severities?: AlertSeverity[] | undefined }[] | undefined,
): ChannelLink[] | undefined {
  const given: readonly { id: string; severities?: AlertSeverity[] | undefined }[] | undefined =
    links ?? ids?.map((id) => ({ id }));
  if (!given) return undefined;
  const byId = new Map<string, Set<AlertSeverity>>();
  for (const link of given) {
    const set = byId.get(link.id) ?? new Set<AlertSeverity>();
    for (const severity of link.severities ?? ALERT_SEVERITIES) set.add(severity);
    byId.set(link.id, set);
  }
  return [...byId].map(([id, set]) => ({ id, severities: orderSeverities(set) }));
}

/** The sentence refusing a request that gives both a plain id list and its links. */
export function bothListsMessage(idsField: string, linksField: string): string {
  return `Give ${idsField} or ${linksField}, not both: ${linksField} is ${idsField} with severities for each.`;
}

/** A channel as routing sees it: what its attachments accept and its quiet hours. */
export interface RoutedChannel {
  type: string;
  severities: readonly AlertSeverity[];
  quietHours: QuietHours | null;
}

/** The notification being routed: its alert's severity, its event and when it happens. */
export interface RoutedNotice {
  severity: AlertSeverity;
  event: NotificationEvent;
  at: number;
}

/**
 * Whether a channel gets a notification: one of its attachments accepts the alert's severity,
 * its quiet hours (critical alerts only) do not hold it, and an acknowledgement goes only to
 * types that take acknowledgements. The server routes an alert's problem notices by this rule;
 * its end and acknowledgement go to the channels that heard of the problem.
 */
export function channelReceives(
  channel: RoutedChannel,
  notice: RoutedNotice,
  takesAcknowledgements: (type: string) => boolean,
): boolean {
  if (!channel.severities.includes(notice.severity)) return false;
  if (notice.event === "alert.acknowledged" && !takesAcknowledgements(channel.type)) return false;
  if (notice.severity === "critical" || notice.event === "test") return true;
  return channel.quietHours === null || !isInQuietHours(channel.quietHours, notice.at);
}
