import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { formValuesFromMonitor } from "../../signed-in/monitor-form/form-values.ts";
import { MonitorForm } from "../../signed-in/monitor-form/monitor-form.tsx";
import {
  MonitorFormPage,
  monitorFormPageLinks,
} from "../../signed-in/monitor-form/monitor-form-page.tsx";
import { useMonitorFormData } from "../../signed-in/monitor-form/use-monitor-form-data.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";

export const links = monitorFormPageLinks;

export function meta() {
  return appMeta("Edit monitor");
}

/** The screen, for roles allowed it. */
export default function EditMonitor() {
  return (
    <RequirePermission
      permission="monitors.manage"
      title="Edit monitor"
      refusal="Your role does not change monitors."
    >
      <EditMonitorScreen />
    </RequirePermission>
  );
}

function EditMonitorScreen() {
  const id = useParams().id ?? "";
  const { monitor, attached, plan, channels, groups, problem, ready } = useMonitorFormData(id);
  const initial = useMemo(
    () => (monitor && attached ? formValuesFromMonitor(monitor, attached) : null),
    [monitor, attached],
  );

  return (
    <MonitorFormPage
      crumbs={
        <>
          {monitor ? <Link to={`${APP_BASE}/monitors/${id}`}>{monitor.name}</Link> : "Monitor"}{" "}
          <span aria-hidden="true">/</span> Edit
        </>
      }
      title={`Edit ${monitor?.name ?? "monitor"}`}
      problem={problem}
      form={
        ready && plan && initial && channels ? (
          <MonitorForm
            monitor={monitor}
            initial={initial}
            plan={plan}
            monitorCount={null}
            channels={channels}
            groups={groups}
          />
        ) : null
      }
    />
  );
}
