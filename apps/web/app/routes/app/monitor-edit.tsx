import type { AccountOverview, Channel, ListOf, MonitorView } from "@upwatch/api";
import { getPlan } from "@upwatch/core";
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
import { groupNames } from "../../signed-in/monitors/monitor-filters.ts";
import { useApiResource } from "../../signed-in/monitors/use-api-resource.ts";

export const links = monitorFormPageLinks;

export function meta() {
  return appMeta("Edit monitor");
}

export default function EditMonitor() {
  const id = useParams().id ?? "";
  const account = useApiResource<AccountOverview>("/account");
  const monitor = useApiResource<MonitorView>(`/monitors/${id}`);
  const attached = useApiResource<ListOf<Channel>>(`/monitors/${id}/channels`);
  const channels = useApiResource<ListOf<Channel>>("/channels");
  const monitors = useApiResource<ListOf<MonitorView>>("/monitors");
  const plan = account.data ? getPlan(account.data.plan) : null;
  const initial = useMemo(
    () =>
      monitor.data && attached.data
        ? formValuesFromMonitor(
            monitor.data,
            attached.data.data.map((channel) => channel.id),
          )
        : null,
    [monitor.data, attached.data],
  );

  return (
    <MonitorFormPage
      crumbs={
        <>
          {monitor.data ? (
            <Link to={`${APP_BASE}/monitors/${id}`}>{monitor.data.name}</Link>
          ) : (
            "Monitor"
          )}{" "}
          <span aria-hidden="true">/</span> Edit
        </>
      }
      title={`Edit ${monitor.data?.name ?? "monitor"}`}
      problem={monitor.error ?? account.error ?? attached.error ?? channels.error}
      form={
        plan && initial && channels.data ? (
          <MonitorForm
            monitor={monitor.data}
            initial={initial}
            plan={plan}
            monitorCount={null}
            channels={channels.data.data}
            groups={groupNames(monitors.data?.data ?? [])}
          />
        ) : null
      }
    />
  );
}
