import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { groupsQuery, monitorsQuery } from "../../signed-in/cache/queries.ts";
import { GROUPS_PATH, NEW_GROUP_PATH } from "../../signed-in/groups/group-paths.ts";
import { sortGroupsBySeverity } from "../../signed-in/groups/group-status.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import type { AppScreenHandle } from "../../signed-in/screen-frame.ts";
import { useCan } from "../../signed-in/session.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { downMembers, GroupTile } from "../../signed-in/wall/group-tile.tsx";
import { useFullScreen } from "../../signed-in/wall/use-full-screen.ts";
import wallCss from "../../signed-in/wall/wall.css?url";

export const links = () => [stylesheet(monitorsCss), stylesheet(wallCss)];

export const handle: AppScreenHandle = { frame: "bare" };

export function meta() {
  return appMeta("Wall display");
}

/** Besides the live stream, a read every minute keeps "Updated" honest on an idle wall. */
const WALL_REFRESH_MS = 60_000;
const TIME = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Every group's status in large type, for a screen on the wall; it follows the live stream. */
export default function GroupsWall() {
  const groups = useQuery({ ...groupsQuery(), refetchInterval: WALL_REFRESH_MS });
  const monitors = useQuery({ ...monitorsQuery(), refetchInterval: WALL_REFRESH_MS });
  const mayManage = useCan()("monitors.manage");
  const fullScreen = useFullScreen();
  const list = sortGroupsBySeverity(groups.data?.data ?? []);
  const allMonitors = monitors.data?.data ?? [];

  return (
    <div className="wall">
      <header className="wall-header">
        <h1>Groups</h1>
        <div className="wall-meta">
          <LiveIndicator />
          {groups.dataUpdatedAt ? (
            <span className="wall-updated">
              Updated at{" "}
              <time dateTime={new Date(groups.dataUpdatedAt).toISOString()}>
                {TIME.format(groups.dataUpdatedAt)}
              </time>
            </span>
          ) : null}
          {fullScreen.supported ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={fullScreen.toggle}
            >
              {fullScreen.active ? "Leave full screen" : "Full screen"}
            </button>
          ) : null}
          <Link to={GROUPS_PATH} className="button button-ghost button-small">
            Back to groups
          </Link>
        </div>
      </header>
      {groups.isError && !groups.data ? (
        <LoadError message={problemText(groups.error)} onRetry={() => void groups.refetch()} />
      ) : null}
      {groups.isError && groups.data ? (
        <p className="wall-stale" role="alert">
          The last refresh failed: {problemText(groups.error)} The statuses shown are from the time
          above.
        </p>
      ) : null}
      {groups.isPending ? (
        <p className="loading-line" role="status">
          Loading groups…
        </p>
      ) : null}
      {groups.isSuccess && list.length === 0 ? (
        <div className="wall-empty">
          <h2>No groups yet</h2>
          <p>
            The wall shows each group's status.{" "}
            {mayManage ? <Link to={NEW_GROUP_PATH}>Make the first group</Link> : null}
          </p>
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="wall-grid" aria-label="Group statuses">
          {list.map((group) => (
            <GroupTile key={group.id} group={group} down={downMembers(group, allMonitors)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
