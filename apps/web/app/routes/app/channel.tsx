import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Channel, ListOf } from "@upwatch/api";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { APP_BASE, apiRequest, errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { channelQuery, queryKeys } from "../../signed-in/cache/queries.ts";
import { ChannelConfirmation } from "../../signed-in/channels/channel-confirmation.tsx";
import { CHANNEL_TYPES, destinationOf } from "../../signed-in/channels/channel-display.ts";
import { ChannelForm } from "../../signed-in/channels/channel-form.tsx";
import { ChannelMonitorList } from "../../signed-in/channels/channel-monitor-list.tsx";
import { monitorCount } from "../../signed-in/channels/channel-table.tsx";
import { ChannelTest } from "../../signed-in/channels/channel-test.tsx";
import { DeliveryLog } from "../../signed-in/channels/delivery-log.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { formatDateTime } from "../../signed-in/ui/format.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Alert channel");
}

const BACK = <Link to={`${APP_BASE}/channels`}>Back to channels</Link>;

/** One channel: its settings, a test, its delivery log, and deleting it. */
export default function ChannelScreen() {
  const { id = "" } = useParams();
  const channel = useQuery(channelQuery(id));

  if (channel.isPending) return <Skeleton lines={4} label="Loading the channel" />;
  if (channel.isError) {
    return (
      <>
        <PageHeader title="Alert channel" back={BACK} />
        <LoadError message={problemText(channel.error)} onRetry={() => void channel.refetch()} />
      </>
    );
  }
  return <ChannelDetails channel={channel.data} />;
}

function ChannelDetails({ channel }: { channel: Channel }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { showToast } = useToast();
  const [editing, setEditing] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const info = CHANNEL_TYPES[channel.type];

  const onSaved = () => {
    setEditing(false);
    showToast("Changes saved.");
  };

  const onDelete = async () => {
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await apiRequest("DELETE", `/channels/${encodeURIComponent(channel.id)}`);
      client.setQueryData<ListOf<Channel>>(queryKeys.channels, (list) =>
        list ? { ...list, data: list.data.filter((item) => item.id !== channel.id) } : list,
      );
      showToast(`${channel.name} is deleted.`);
      navigate(`${APP_BASE}/channels`);
    } catch (error) {
      setDeleteError(errorDetail(error));
      setDeleteBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={channel.name}
        back={BACK}
        description={`${info.label} channel, sending to ${destinationOf(channel)}`}
        actions={
          editing ? undefined : (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
      />
      {editing ? (
        <section className="app-panel" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit channel</h2>
          <ChannelForm channel={channel} onSaved={onSaved} onCancel={() => setEditing(false)} />
        </section>
      ) : (
        <section className="app-panel" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl className="app-facts">
            <div>
              <dt>Type</dt>
              <dd>{info.label}</dd>
            </div>
            <div className="app-fact-wide">
              <dt>{info.field.label}</dt>
              <dd className="app-cell-wrap">{destinationOf(channel)}</dd>
            </div>
            {channel.confirmed ? null : (
              <div>
                <dt>Status</dt>
                <dd>
                  <span className="app-tag" data-tone="muted">
                    Waiting for confirmation
                  </span>
                </dd>
              </div>
            )}
            <div>
              <dt>Used by</dt>
              <dd>{monitorCount(channel.monitor_ids.length)}</dd>
            </div>
            <div>
              <dt>New monitors</dt>
              <dd>{channel.attach_to_new_monitors ? "Use it" : "Do not use it"}</dd>
            </div>
            {channel.signing_secret ? (
              <div className="app-fact-wide">
                <dt>Signing secret</dt>
                <dd>
                  <code className="app-code">{channel.signing_secret}</code>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Added</dt>
              <dd>{formatDateTime(channel.created_at)}</dd>
            </div>
          </dl>
          <ChannelMonitorList monitorIds={channel.monitor_ids} />
          {channel.monitor_ids.length === 0 && !channel.attach_to_new_monitors ? (
            <EmptyState title="No monitor uses this channel">
              <p>Its alerts go nowhere until you choose monitors for it. Choose Edit to do so.</p>
            </EmptyState>
          ) : null}
        </section>
      )}
      {channel.confirmed ? (
        <ChannelTest channel={channel} onSent={() => setLogVersion((version) => version + 1)} />
      ) : (
        <ChannelConfirmation channel={channel} />
      )}
      {/* A new attempt is the newest: the log starts again at its first page, read again. */}
      <DeliveryLog key={logVersion} channelId={channel.id} />
      <section className="app-panel app-panel-danger" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete channel</h2>
        <p className="app-panel-lead">
          Monitors stop alerting through it, and its unsent notifications are dropped.
        </p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete channel
        </Button>
      </section>
      <ConfirmDialog
        open={deleting}
        title={`Delete ${channel.name}?`}
        confirmLabel="Delete channel"
        busyLabel="Deleting..."
        busy={deleteBusy}
        error={deleteError}
        onConfirm={onDelete}
        onCancel={() => {
          setDeleting(false);
          setDeleteError(undefined);
        }}
      >
        <p>
          {channel.monitor_ids.length > 0
            ? `${monitorCount(channel.monitor_ids.length)} will stop alerting through it. `
            : ""}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
