import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Channel, ListOf } from "@upwatch/api";
import { type ChannelField, channelType } from "@upwatch/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { call } from "../../signed-in/api-call.ts";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { channelQuery, queryKeys } from "../../signed-in/cache/queries.ts";
import { ChannelConfirmation } from "../../signed-in/channels/channel-confirmation.tsx";
import { destinationOf, settingShown } from "../../signed-in/channels/channel-display.ts";
import { ChannelForm } from "../../signed-in/channels/channel-form.tsx";
import { ChannelMonitorList } from "../../signed-in/channels/channel-monitor-list.tsx";
import { monitorCount } from "../../signed-in/channels/channel-table.tsx";
import { ChannelTest } from "../../signed-in/channels/channel-test.tsx";
import { DeliveryLog } from "../../signed-in/channels/delivery-log.tsx";
import { severitiesText } from "../../signed-in/channels/severity-chips.tsx";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { DeletePanel } from "../../signed-in/ui/delete-panel.tsx";
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
  const info = channelType(channel.type);
  const mayManage = useCan()("channels.manage");

  const onSaved = () => {
    setEditing(false);
    showToast("Changes saved.");
  };

  const onDelete = async () => {
    await call(OP.deleteChannel, { params: { id: channel.id } });
    client.setQueryData<ListOf<Channel>>(queryKeys.channels, (list) =>
      list ? { ...list, data: list.data.filter((item) => item.id !== channel.id) } : list,
    );
    showToast(`${channel.name} is deleted.`);
    navigate(`${APP_BASE}/channels`);
  };

  return (
    <>
      <PageHeader
        title={channel.name}
        back={BACK}
        description={`${info.label} channel, sending to ${destinationOf(channel)}`}
        actions={
          editing || !mayManage ? undefined : (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )
        }
      />
      {channel.disabled_reason ? (
        <p className="app-notice" data-tone="warn" role="status">
          {channel.disabled_reason}
        </p>
      ) : null}
      {editing && mayManage ? (
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
            {(info.fields as readonly ChannelField[])
              .filter((field) => channel.config[field.key])
              .map((field) => (
                <div key={field.key} className="app-fact-wide">
                  <dt>{field.label}</dt>
                  <dd className="app-cell-wrap">{settingShown(field, channel.config)}</dd>
                </div>
              ))}
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
              <dd>
                {channel.attach_to_new_monitors
                  ? `Use it: ${severitiesText(channel.new_monitor_severities).toLowerCase()}`
                  : "Do not use it"}
              </dd>
            </div>
            <div>
              <dt>Quiet hours</dt>
              <dd>
                {channel.quiet_hours
                  ? `${channel.quiet_hours.from} to ${channel.quiet_hours.until} (${channel.quiet_hours.time_zone}): critical alerts only`
                  : "None"}
              </dd>
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
              <p>
                Its alerts go nowhere until monitors are chosen for it.
                {mayManage ? " Choose Edit to do so." : ""}
              </p>
            </EmptyState>
          ) : null}
        </section>
      )}
      {!mayManage ? null : channel.confirmed ? (
        <ChannelTest channel={channel} onSent={() => setLogVersion((version) => version + 1)} />
      ) : (
        <ChannelConfirmation channel={channel} />
      )}
      {/* A new attempt is the newest: the log starts again at its first page, read again. */}
      <DeliveryLog
        key={logVersion}
        channelId={channel.id}
        emptyHint={
          !channel.confirmed
            ? "Until the address is confirmed, alerts meant for it are listed here as not sent."
            : mayManage
              ? "Send a test above to check that it works."
              : ""
        }
      />
      {mayManage ? (
        <DeletePanel
          headingId="delete-heading"
          heading="Delete channel"
          lead="Monitors stop alerting through it, and its unsent notifications are dropped."
          buttonLabel="Delete channel"
          title={`Delete ${channel.name}?`}
          onDelete={onDelete}
        >
          <p>
            {channel.monitor_ids.length > 0
              ? `${monitorCount(channel.monitor_ids.length)} will stop alerting through it. `
              : ""}
            This cannot be undone.
          </p>
        </DeletePanel>
      ) : null}
    </>
  );
}
