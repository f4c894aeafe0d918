import type { Channel } from "@upwatch/api";
import type { AlertSeverity, QuietHours } from "@upwatch/core";
import { useState } from "react";
import { CheckField } from "../ui/check-field.tsx";
import { Field } from "../ui/field.tsx";
import { EVERY_SEVERITY, SeverityChips } from "./severity-chips.tsx";

/** The zone this browser is in, the starting zone of new quiet hours. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Every zone the browser knows, offered as the zone field's suggestions. */
function knownTimeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.("timeZone") ?? [];
  } catch {
    return [];
  }
}

/** What the channel form keeps of a channel's routing, and what it sends of it. */
export function useChannelRouting(channel: Channel | undefined) {
  const [newMonitorSeverities, setNewMonitorSeverities] = useState<AlertSeverity[]>(
    channel ? [...channel.new_monitor_severities] : [...EVERY_SEVERITY],
  );
  const [quietOn, setQuietOn] = useState(channel?.quiet_hours != null);
  const [quiet, setQuiet] = useState<QuietHours>(
    channel?.quiet_hours ?? { from: "22:00", until: "07:00", time_zone: browserTimeZone() },
  );
  const kept = new Map(channel?.monitors.map((link) => [link.id, link.severities]) ?? []);
  return {
    newMonitorSeverities,
    setNewMonitorSeverities,
    quietOn,
    setQuietOn,
    quiet,
    setQuiet,
    /** The routing part of the request; each monitor keeps the severities it had. */
    body(monitorIds: readonly string[]) {
      return {
        monitors: monitorIds.map((id) => ({ id, severities: kept.get(id) ?? [...EVERY_SEVERITY] })),
        new_monitor_severities: newMonitorSeverities,
        quiet_hours: quietOn ? quiet : null,
      };
    },
  };
}

export type ChannelRouting = ReturnType<typeof useChannelRouting>;

/**
 * The channel's routing settings: the severities it receives on new monitors (when it is used
 * for them) and its quiet hours, during which only critical alerts reach it.
 */
export function ChannelRoutingFields({
  routing,
  attach,
}: {
  routing: ChannelRouting;
  attach: boolean;
}) {
  const { quiet, setQuiet } = routing;
  return (
    <>
      {attach ? (
        <fieldset className="app-fieldset">
          <legend>Alerts it receives from new monitors</legend>
          <SeverityChips
            label="Alert severities it receives from new monitors"
            value={routing.newMonitorSeverities}
            onChange={routing.setNewMonitorSeverities}
          />
        </fieldset>
      ) : null}
      <CheckField
        id="channel-quiet-hours"
        label="Quiet hours: only critical alerts during a time of day"
        checked={routing.quietOn}
        onChange={routing.setQuietOn}
        hint={
          routing.quietOn
            ? "Warning and info alerts, and their recoveries, are not sent to this channel in this window; critical alerts and their recoveries still are."
            : undefined
        }
      />
      {routing.quietOn ? (
        <fieldset className="app-fieldset quiet-hours">
          <legend>Quiet hours</legend>
          <div className="quiet-hours-times">
            <Field id="quiet-from" label="From">
              <input
                type="time"
                value={quiet.from}
                onChange={(event) => setQuiet({ ...quiet, from: event.target.value })}
              />
            </Field>
            <Field id="quiet-until" label="Until" hint="Earlier than From to cross midnight.">
              <input
                type="time"
                value={quiet.until}
                onChange={(event) => setQuiet({ ...quiet, until: event.target.value })}
              />
            </Field>
          </div>
          <Field
            id="quiet-time-zone"
            label="Time zone"
            hint="An IANA time zone such as Europe/Berlin; the window follows its daylight-saving changes."
          >
            <input
              type="text"
              list="quiet-time-zones"
              autoComplete="off"
              value={quiet.time_zone}
              onChange={(event) => setQuiet({ ...quiet, time_zone: event.target.value })}
            />
          </Field>
          <datalist id="quiet-time-zones">
            {knownTimeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </fieldset>
      ) : null}
    </>
  );
}
