import { useMemo } from "react";
import { appMeta } from "../../signed-in/app-meta.ts";
import { defaultFormValues } from "../../signed-in/monitor-form/form-values.ts";
import { MonitorForm } from "../../signed-in/monitor-form/monitor-form.tsx";
import {
  MonitorFormPage,
  monitorFormPageLinks,
} from "../../signed-in/monitor-form/monitor-form-page.tsx";
import { useMonitorFormData } from "../../signed-in/monitor-form/use-monitor-form-data.ts";
import { formatInterval } from "../../signed-in/monitors/format.ts";

export const links = monitorFormPageLinks;

export function meta() {
  return appMeta("Add a monitor");
}

export default function NewMonitor() {
  const { account, plan, channels, groups, problem, ready } = useMonitorFormData();
  const initial = useMemo(() => {
    if (!plan || !channels) return null;
    return {
      ...defaultFormValues(plan.limits.minIntervalSeconds),
      channel_ids: channels.filter((c) => c.attach_to_new_monitors).map((c) => c.id),
    };
  }, [plan, channels]);

  return (
    <MonitorFormPage
      crumbs="New"
      title="Add a monitor"
      lead={
        plan && account ? (
          <p className="app-page-description form-page-lead">
            Your {plan.name} plan: {account.monitors} of{" "}
            {plan.limits.monitors.toLocaleString("en-US")} monitors used, checks as often as every{" "}
            {formatInterval(plan.limits.minIntervalSeconds).replace(/^1 /, "")}.
          </p>
        ) : null
      }
      problem={problem}
      form={
        ready && plan && initial && account ? (
          <MonitorForm
            initial={initial}
            plan={plan}
            monitorCount={account.monitors}
            channels={channels}
            groups={groups}
          />
        ) : null
      }
    />
  );
}
