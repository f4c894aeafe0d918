import type { EffectiveChannel, Group, MonitorDetailView } from "@upwatch/api";
import { channelType } from "@upwatch/core";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { severitiesText } from "../channels/severity-chips.tsx";
import { groupPath } from "../groups/group-paths.ts";
import { useCan } from "../session.tsx";

/** "Production", "Production and Staging", "Production, Staging and Web", each a link. */
function GroupLinks({ ids, groups }: { ids: readonly string[]; groups: readonly Group[] }) {
  const named = ids.flatMap((id) => {
    const group = groups.find((item) => item.id === id);
    return group ? [group] : [];
  });
  return (
    <>
      {named.map((group, index) => (
        <span key={group.id}>
          {index === 0 ? "" : index === named.length - 1 ? " and " : ", "}
          <Link to={groupPath(group.id)}>{group.name}</Link>
        </span>
      ))}
    </>
  );
}

/** Where the channel comes from: the monitor itself, its groups, or both. */
function Source({ channel, groups }: { channel: EffectiveChannel; groups: readonly Group[] }) {
  const viaGroups = channel.group_ids.length > 0;
  if (channel.via === "monitor") {
    return viaGroups ? (
      <>
        Attached to this monitor, and via <GroupLinks ids={channel.group_ids} groups={groups} />
      </>
    ) : (
      <>Attached to this monitor</>
    );
  }
  return (
    <>
      via <GroupLinks ids={channel.group_ids} groups={groups} />
    </>
  );
}

/** Every channel the monitor's alerts reach, each once (its own and its groups'), with its severities. */
export function EffectiveChannels({
  monitor,
  groups,
}: {
  monitor: MonitorDetailView;
  groups: readonly Group[];
}) {
  const mayManage = useCan()("monitors.manage");
  const channels = monitor.effective_channels;
  if (channels.length === 0) {
    return (
      <p className="app-muted">
        No alert channel: this monitor's alerts reach no one.
        {mayManage ? (
          <>
            {" "}
            <Link to={`${APP_BASE}/monitors/${encodeURIComponent(monitor.id)}/edit`}>
              Choose channels
            </Link>{" "}
            or attach one to one of its groups.
          </>
        ) : null}
      </p>
    );
  }
  return (
    <ul className="effective-channels" aria-label="Alert channels of this monitor">
      {channels.map((channel) => (
        <li key={channel.id}>
          <span className="app-tag">{channelType(channel.type).label}</span>
          <Link to={`${APP_BASE}/channels/${encodeURIComponent(channel.id)}`}>{channel.name}</Link>
          <span className="app-muted effective-source">
            <Source channel={channel} groups={groups} />
            {" · "}
            {severitiesText(channel.severities)}
          </span>
        </li>
      ))}
    </ul>
  );
}
