import type { Channel } from "@upwatch/api";
import { channelType } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useCan } from "../session.tsx";
import type { FormPartProps } from "./form-props.ts";

/** The alert channels this monitor's alerts go to. */
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
          <div className="checkbox-field" key={channel.id}>
            <input
              id={`channel-${channel.id}`}
              type="checkbox"
              checked={values.channel_ids.includes(channel.id)}
              onChange={(e) => toggle(channel.id, e.target.checked)}
            />
            <label htmlFor={`channel-${channel.id}`}>
              {channel.name} <span className="app-muted">({channelType(channel.type).label})</span>
            </label>
          </div>
        ))
      )}
    </fieldset>
  );
}
