import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { appMeta } from "../../signed-in/app-meta.ts";
import { defaultFormValues } from "../../signed-in/monitor-form/form-values.ts";
import { MonitorForm } from "../../signed-in/monitor-form/monitor-form.tsx";
import {
  MonitorFormPage,
  monitorFormPageLinks,
} from "../../signed-in/monitor-form/monitor-form-page.tsx";
import { useMonitorFormData } from "../../signed-in/monitor-form/use-monitor-form-data.ts";
import { formatInterval } from "../../signed-in/monitors/format.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";

export const links = monitorFormPageLinks;

export function meta() {
  return appMeta("Add a monitor");
}

/** The screen, for roles allowed it. */
export default function NewMonitor() {
  return (
    <RequirePermission
      permission="monitors.manage"
      title="Add a monitor"
      refusal="Your role does not add monitors."
    >
      <NewMonitorScreen />
    </RequirePermission>
  );
}

function NewMonitorScreen() {
  const { account, plan, channels, groups, groupsSettled, problem, ready } = useMonitorFormData();
  // A group's page links here with `?group=`: the new monitor starts in that group.
  const startGroup = useSearchParams()[0].get("group");
  const initial = useMemo(() => {
    if (!plan || !channels || (startGroup && !groupsSettled)) return null;
    return {
      ...defaultFormValues(plan.limits.minIntervalSeconds),
      channel_ids: channels.filter((c) => c.attach_to_new_monitors).map((c) => c.id),
      channel_severities: Object.fromEntries(
        channels
          .filter((c) => c.attach_to_new_monitors)
          .map((c) => [c.id, [...c.new_monitor_severities]]),
      ),
      group_ids: groups?.some((group) => group.id === startGroup) && startGroup ? [startGroup] : [],
    };
  }, [plan, channels, groups, groupsSettled, startGroup]);

  return (
    <MonitorFormPage
      crumbs="New"
      title="Add a monitor"
      lead={
        plan && account ? (
          <p className="app-page-description form-page-lead">
            {plan.limits.monitors === null
              ? `${account.monitors.toLocaleString("en-US")} monitors so far`
              : `Your ${plan.name} plan: ${account.monitors} of ${plan.limits.monitors.toLocaleString("en-US")} monitors used`}
            , checks as often as every{" "}
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
