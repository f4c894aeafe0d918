import { useQuery } from "@tanstack/react-query";
import { getPlan } from "@upwatch/core";
import { problemText } from "../api-client.ts";
import {
  accountQuery,
  channelsQuery,
  monitorChannelsQuery,
  monitorQuery,
  monitorsQuery,
} from "../cache/queries.ts";
import { groupNames } from "../monitors/monitor-filters.ts";

/**
 * What the monitor form needs: the plan and its usage, the channels, the groups in use and,
 * when editing, the monitor and its channels. `ready` waits for this visit's answers, not
 * the cache's, because the form copies its first values once.
 */
export function useMonitorFormData(monitorId?: string) {
  const editing = monitorId !== undefined;
  const account = useQuery(accountQuery());
  const monitors = useQuery(monitorsQuery());
  const channels = useQuery(channelsQuery());
  const monitor = useQuery({ ...monitorQuery(monitorId ?? ""), enabled: editing });
  const attached = useQuery({ ...monitorChannelsQuery(monitorId ?? ""), enabled: editing });
  const needed = editing ? [monitor, account, attached, channels] : [account, channels];
  const failed = needed.find((query) => query.error);

  return {
    account: account.data,
    plan: account.data ? getPlan(account.data.plan) : null,
    channels: channels.data?.data,
    monitor: monitor.data,
    attachedIds: attached.data?.data.map((channel) => channel.id),
    groups: groupNames(monitors.data?.data ?? []),
    problem: failed ? problemText(failed.error) : null,
    ready: needed.every((query) => query.isFetchedAfterMount && query.data !== undefined),
  };
}
