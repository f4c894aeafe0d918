import type { AccountOverview, Channel, ListOf, MonitorView } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
import { useMemo } from "react";
import { appMeta } from "../../signed-in/app-meta.ts";
import { defaultFormValues } from "../../signed-in/monitor-form/form-values.ts";
import { MonitorForm } from "../../signed-in/monitor-form/monitor-form.tsx";
import {
  MonitorFormPage,
  monitorFormPageLinks,
} from "../../signed-in/monitor-form/monitor-form-page.tsx";
import { formatInterval } from "../../signed-in/monitors/format.ts";
import { groupNames } from "../../signed-in/monitors/monitor-filters.ts";
import { useApiResource } from "../../signed-in/monitors/use-api-resource.ts";

export const links = monitorFormPageLinks;

export function meta() {
  return appMeta("Add a monitor");
}

export default function NewMonitor() {
  const account = useApiResource<AccountOverview>("/account");
  const monitors = useApiResource<ListOf<MonitorView>>("/monitors");
  const channels = useApiResource<ListOf<Channel>>("/channels");
  const plan = account.data ? getPlan(account.data.plan) : null;
  const initial = useMemo(() => {
    if (!plan || !channels.data) return null;
    return {
      ...defaultFormValues(plan.limits.minIntervalSeconds),
      channel_ids: channels.data.data.filter((c) => c.attach_to_new_monitors).map((c) => c.id),
    };
  }, [plan, channels.data]);

  return (
    <MonitorFormPage
      crumbs="New"
      title="Add a monitor"
      lead={
        plan && account.data ? (
          <p className="app-page-description form-page-lead">
            Your {plan.name} plan: {account.data.monitors} of{" "}
            {plan.limits.monitors.toLocaleString("en-US")} monitors used, checks as often as every{" "}
            {formatInterval(plan.limits.minIntervalSeconds).replace(/^1 /, "")}.
          </p>
        ) : null
      }
      problem={account.error ?? channels.error}
      form={
        plan && initial && account.data ? (
          <MonitorForm
            initial={initial}
            plan={plan}
            monitorCount={account.data.monitors}
            channels={channels.data?.data}
            groups={groupNames(monitors.data?.data ?? [])}
          />
        ) : null
      }
    />
  );
}
