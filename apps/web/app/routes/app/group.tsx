import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Group } from "@upwatch/api";
import { pageTitle } from "@upwatch/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { call } from "../../signed-in/api-call.ts";
import { ApiError, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { groupQuery } from "../../signed-in/cache/queries.ts";
import { GroupChannels } from "../../signed-in/groups/group-channels.tsx";
import { GroupForm } from "../../signed-in/groups/group-form.tsx";
import { GroupMembers } from "../../signed-in/groups/group-members.tsx";
import { GROUPS_PATH, monitorsInGroupPath } from "../../signed-in/groups/group-paths.ts";
import { groupCountsText } from "../../signed-in/groups/group-status.ts";
import { GroupStatusBadge } from "../../signed-in/groups/group-status-badge.tsx";
import groupsCss from "../../signed-in/groups/groups.css?url";
import { forgetGroup } from "../../signed-in/groups/store-group.ts";
import { LiveIndicator } from "../../signed-in/monitors/live-indicator.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { DeletePanel } from "../../signed-in/ui/delete-panel.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(monitorsCss), stylesheet(groupsCss)];

export function meta() {
  return appMeta("Group");
}

const BACK = <Link to={GROUPS_PATH}>Back to groups</Link>;

/** One group: its status, its monitors, its alert channels, and renaming or deleting it. */
export default function GroupScreen() {
  const { id = "" } = useParams();
  const group = useQuery(groupQuery(id));
  if (group.isPending) return <Skeleton lines={4} label="Loading the group" />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <div className="app-page">
        <PageHeader title={missing ? "No such group" : "The group did not load"} back={BACK} />
        <LoadError message={problemText(group.error)} onRetry={() => void group.refetch()} />
      </div>
    );
  }
  return <GroupDetails group={group.data} />;
}

function GroupDetails({ group }: { group: Group }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { showToast } = useToast();
  const mayManage = useCan()("monitors.manage");
  const [editing, setEditing] = useState(false);
  const members = group.monitor_ids.length;

  const onDelete = async () => {
    await call(OP.deleteGroup, { params: { id: group.id } });
    forgetGroup(client, group.id);
    showToast(`${group.name} is deleted; its monitors stay.`);
    navigate(GROUPS_PATH);
  };

  return (
    <div className="app-page group-page">
      <title>{pageTitle(group.name)}</title>
      <PageHeader
        title={group.name}
        back={BACK}
        description={
          <span className="group-heading-status">
            <GroupStatusBadge status={group.status} />{" "}
            <span className="group-counts">{groupCountsText(group.counts)}</span>
          </span>
        }
        actions={
          <>
            <LiveIndicator />
            {members > 0 ? (
              <Link to={monitorsInGroupPath(group.id)} className="button button-ghost">
                Show in the monitor list
              </Link>
            ) : null}
            {mayManage && !editing ? (
              <Button variant="ghost" onClick={() => setEditing(true)}>
                Rename or describe
              </Button>
            ) : null}
          </>
        }
      />
      {editing && mayManage ? (
        <section className="app-panel" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Name and description</h2>
          <GroupForm
            group={group}
            onSaved={() => {
              setEditing(false);
              showToast("Changes saved.");
            }}
            onCancel={() => setEditing(false)}
          />
        </section>
      ) : group.description ? (
        <p className="group-page-description">{group.description}</p>
      ) : null}
      <section className="app-panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Monitors</h2>
        <p className="app-panel-lead">
          The group is up when every active monitor in it is up; paused monitors do not count.
        </p>
        <GroupMembers group={group} />
      </section>
      <section className="app-panel" aria-labelledby="channels-heading">
        <h2 id="channels-heading">Alert channels</h2>
        <p className="app-panel-lead">
          Every monitor in the group alerts these channels, including monitors added later. A
          channel reached through several groups is told once.
        </p>
        <GroupChannels group={group} />
      </section>
      {mayManage ? (
        <DeletePanel
          headingId="delete-heading"
          heading="Delete group"
          lead="The monitors stay, with their own channels and their other groups."
          buttonLabel="Delete group"
          title={`Delete ${group.name}?`}
          onDelete={onDelete}
        >
          <p>
            The monitors stay
            {members > 0 ? ` (${members === 1 ? "1 monitor" : `${members} monitors`})` : ""}, but
            they no longer alert the channels attached to this group.
          </p>
        </DeletePanel>
      ) : null}
    </div>
  );
}
