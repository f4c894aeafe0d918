import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { BellIcon } from "../../components/icons.tsx";
import { APP_BASE, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { channelsQuery } from "../../signed-in/cache/queries.ts";
import { ChannelTable } from "../../signed-in/channels/channel-table.tsx";
import { useCan } from "../../signed-in/session.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";

export function meta() {
  return appMeta("Alert channels");
}

/** Alert channels: where alerts go. */
export default function Channels() {
  const channels = useQuery(channelsQuery());
  const list = channels.data?.data ?? [];
  const mayManage = useCan()("channels.manage");
  const add = mayManage ? (
    <Link to={`${APP_BASE}/channels/new`} className="button button-primary">
      Add channel
    </Link>
  ) : undefined;
  return (
    <>
      <PageHeader
        title="Alert channels"
        description="Where alerts go when a monitor goes down and when it recovers: e-mail, SMS, Slack or your own webhook."
        actions={list.length > 0 ? add : undefined}
      />
      {channels.isPending ? <Skeleton lines={3} label="Loading channels" /> : null}
      {channels.isError ? (
        <LoadError message={problemText(channels.error)} onRetry={() => void channels.refetch()} />
      ) : null}
      {channels.isSuccess && list.length === 0 && !mayManage ? (
        <EmptyState title="No alert channels yet." icon={<BellIcon width={32} height={32} />}>
          <p>Channels added to this account will show here.</p>
        </EmptyState>
      ) : null}
      {channels.isSuccess && list.length === 0 && mayManage ? (
        <EmptyState
          title="No alert channels yet"
          icon={<BellIcon width={32} height={32} />}
          action={add}
        >
          <p>
            Add an e-mail address first: Upwatch then tells you the moment a monitor goes down, and
            again when it is back up. Attach the channel to your monitors, or to every new one.
          </p>
        </EmptyState>
      ) : null}
      {list.length > 0 ? <ChannelTable channels={list} /> : null}
    </>
  );
}
