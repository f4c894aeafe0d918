import type { Channel } from "@upwatch/api";
import { ALERT_SEVERITIES, channelType } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { SeverityChips } from "../channels/severity-chips.tsx";
import { useCan } from "../session.tsx";
import type { FormPartProps } from "./form-props.ts";

/** The alert channels this monitor's alerts go to, and which severities each receives. */
export function ChannelPicker({
  values,
  set,
  channels,
}: Omit<FormPartProps, "errors"> & { channels: readonly Channel[] | undefined }) {
  const mayAdd = useCan()("channels.manage");
  const toggle = (id: string, on: boolean) =>
    set(
      "channel_ids",
      on ? [...values.channel_ids, id] : values.channel_ids.filter((item) => item !== id),
    );
  return (
    <fieldset className="subfieldset channel-picker">
      <legend>Send alerts to</legend>
      {channels === undefined ? (
        <p className="app-muted">Loading channels…</p>
      ) : channels.length === 0 ? (
        <p className="app-muted">
          No alert channels yet.{" "}
          {mayAdd ? (
            <>
              <Link to={`${APP_BASE}/channels/new`}>Add a channel</Link> to be told when this
              monitor goes down.
            </>
          ) : null}
        </p>
      ) : (
        channels.map((channel) => (
          <div key={channel.id}>
            <div className="checkbox-field">
              <input
                id={`channel-${channel.id}`}
                type="checkbox"
                checked={values.channel_ids.includes(channel.id)}
                onChange={(e) => toggle(channel.id, e.target.checked)}
              />
              <label htmlFor={`channel-${channel.id}`}>
                {channel.name}{" "}
                <span className="app-muted">({channelType(channel.type).label})</span>
              </label>
            </div>
            {values.channel_ids.includes(channel.id) ? (
              <SeverityChips
                label={`Alert severities sent to ${channel.name}`}
                value={values.channel_severities[channel.id] ?? ALERT_SEVERITIES}
                onChange={(severities) =>
                  set("channel_severities", {
                    ...values.channel_severities,
                    [channel.id]: severities,
                  })
                }
              />
            ) : null}
          </div>
        ))
      )}
    </fieldset>
  );
}
