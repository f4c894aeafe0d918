import type { Channel } from "@upwatch/api";
import { Link } from "react-router";
import { BellIcon } from "../../components/icons.tsx";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { ChannelTable } from "../../signed-in/channels/channel-table.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useApiData } from "../../signed-in/use-api-data.ts";

export function meta() {
  return appMeta("Alert channels");
}

/** Alert channels: where alerts go. */
export default function Channels() {
  const channels = useApiData<{ data: Channel[] }>("/channels");
  const list = channels.data?.data ?? [];
  const add = (
    <Link to={`${APP_BASE}/channels/new`} className="button button-primary">
      Add channel
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Alert channels"
        description="Where alerts go when a monitor goes down and when it recovers: e-mail, SMS, Slack or your own webhook."
        actions={list.length > 0 ? add : undefined}
      />
      {channels.status === "loading" ? <Skeleton lines={3} label="Loading channels" /> : null}
      {channels.status === "error" ? (
        <LoadError message={channels.error} onRetry={() => void channels.reload()} />
      ) : null}
      {channels.status === "ready" && list.length === 0 ? (
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
