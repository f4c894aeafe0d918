import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { groupsQuery } from "../../signed-in/cache/queries.ts";
import { NEW_GROUP_PATH, WALL_PATH } from "../../signed-in/groups/group-paths.ts";
import { GroupTable } from "../../signed-in/groups/group-table.tsx";
import groupsCss from "../../signed-in/groups/groups.css?url";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { useCan } from "../../signed-in/session.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export const links = () => [stylesheet(monitorsCss), stylesheet(groupsCss)];

export function meta() {
  return appMeta("Groups");
}

/** Monitors > Groups: each group's status and members by state, live. */
export default function Groups() {
  const groups = useQuery(groupsQuery());
  const list = groups.data?.data ?? [];
  const mayManage = useCan()("monitors.manage");
  const add = mayManage ? (
    <Link to={NEW_GROUP_PATH} className="button button-primary">
      New group
    </Link>
  ) : null;
  return (
    <div className="app-page groups-page">
      <PageHeader
        title="Groups"
        description="Monitors by service, team or environment, each group with one status."
        actions={
          <>
            <LiveIndicator />
            {list.length > 0 ? (
              <Link to={WALL_PATH} className="button button-ghost">
                Wall display
              </Link>
            ) : null}
            {list.length > 0 ? add : null}
          </>
        }
      />
      {groups.isPending ? <Skeleton lines={3} label="Loading groups" /> : null}
      {groups.isError ? (
        <LoadError message={problemText(groups.error)} onRetry={() => void groups.refetch()} />
      ) : null}
      {groups.isSuccess && list.length === 0 ? (
        <EmptyState title="No groups yet" action={add}>
          <p>
            A group gathers the monitors of one service, team or environment: it shows their overall
            status, filters the monitor list, and sends their alerts to the channels attached to it.
            {mayManage ? "" : " Groups made in this account will show here."}
          </p>
        </EmptyState>
      ) : null}
      {list.length > 0 ? <GroupTable groups={list} /> : null}
    </div>
  );
}
