import { useQuery } from "@tanstack/react-query";
import { accountPlan } from "../account-plan.ts";
import { problemText } from "../api-client.ts";
import {
  accountQuery,
  channelsQuery,
  groupsQuery,
  monitorChannelsQuery,
  monitorQuery,
} from "../cache/queries.ts";

/**
 * What the monitor form needs: the plan and its usage, the channels, the groups and,
 * when editing, the monitor and its channels. `ready` waits for this visit's answers, not
 * the cache's, because the form copies its first values once.
 */
export function useMonitorFormData(monitorId?: string) {
  const editing = monitorId !== undefined;
  const account = useQuery(accountQuery());
  const groups = useQuery(groupsQuery());
  const channels = useQuery(channelsQuery());
  const monitor = useQuery({ ...monitorQuery(monitorId ?? ""), enabled: editing });
  const attached = useQuery({ ...monitorChannelsQuery(monitorId ?? ""), enabled: editing });
  const needed = editing ? [monitor, account, attached, channels] : [account, channels];
  const failed = needed.find((query) => query.error);

  return {
    account: account.data,
    plan: account.data ? accountPlan(account.data) : null,
    channels: channels.data?.data,
    monitor: monitor.data,
    attached: attached.data?.data,
    groups: groups.data?.data,
    /** The groups are read, or could not be (the form then shows without them). */
    groupsSettled: groups.data !== undefined || groups.isError,
    problem: failed ? problemText(failed.error) : null,
    ready: needed.every((query) => query.isFetchedAfterMount && query.data !== undefined),
  };
}
