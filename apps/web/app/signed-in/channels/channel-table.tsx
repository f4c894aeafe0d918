import type { Channel } from "@upwatch/api";
import { channelType } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { destinationOf } from "./channel-display.ts";

function monitorCount(count: number): string {
  if (count === 0) return "None";
  return count === 1 ? "1 monitor" : `${count} monitors`;
}

/** The account's channels: what each is, where it goes and which monitors use it. */
export function ChannelTable({ channels }: { channels: Channel[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Alert channels</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Sends to</th>
            <th scope="col">Used by</th>
            <th scope="col">New monitors</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <td data-label="Name">
                <Link to={`${APP_BASE}/channels/${encodeURIComponent(channel.id)}`}>
                  <strong>{channel.name}</strong>
                </Link>
              </td>
              <td data-label="Type">
                <span className="app-tag">{channelType(channel.type).label}</span>
              </td>
              <td data-label="Sends to" className="app-cell-wrap">
                {destinationOf(channel)}
                {channel.disabled_reason ? (
                  <>
                    {" "}
                    <span className="app-tag" data-tone="muted" title={channel.disabled_reason}>
                      Disabled by the plan
                    </span>
                  </>
                ) : null}
                {channel.confirmed ? null : (
                  <>
                    {" "}
                    <span className="app-tag" data-tone="muted">
                      Waiting for confirmation
                    </span>
                  </>
                )}
              </td>
              <td data-label="Used by">{monitorCount(channel.monitor_ids.length)}</td>
              <td data-label="New monitors">
                {channel.attach_to_new_monitors ? (
                  "Added"
                ) : (
                  <span className="app-muted">Not added</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export { monitorCount };
