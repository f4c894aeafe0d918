import { getPlan } from "@upwatch/core";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { formValuesFromMonitor } from "../../signed-in/monitor-form/form-values.ts";
import formCss from "../../signed-in/monitor-form/monitor-form.css?url";
import { MonitorForm } from "../../signed-in/monitor-form/monitor-form.tsx";
import type {
  AccountOverview,
  ChannelSummary,
  ListOf,
  MonitorView,
} from "../../signed-in/monitors/api-types.ts";
import { groupNames } from "../../signed-in/monitors/monitor-filters.ts";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { useApiResource } from "../../signed-in/monitors/use-api-resource.ts";

export const links = () => [stylesheet(monitorsCss), stylesheet(formCss)];

export function meta() {
  return appMeta("Edit monitor");
}

export default function EditMonitor() {
  const id = useParams().id ?? "";
  const account = useApiResource<AccountOverview>("/account");
  const monitor = useApiResource<MonitorView>(`/monitors/${id}`);
  const attached = useApiResource<ListOf<ChannelSummary>>(`/monitors/${id}/channels`);
  const channels = useApiResource<ListOf<ChannelSummary>>("/channels");
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
  const problem = monitor.error ?? account.error ?? attached.error ?? channels.error;

  return (
    <div className="app-page form-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={APP_BASE}>Monitors</Link> <span aria-hidden="true">/</span>{" "}
        {monitor.data ? (
          <Link to={`${APP_BASE}/monitors/${id}`}>{monitor.data.name}</Link>
        ) : (
          "Monitor"
        )}{" "}
        <span aria-hidden="true">/</span> Edit
      </nav>
      <h1>Edit {monitor.data?.name ?? "monitor"}</h1>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : !plan || !initial || !channels.data ? (
        <p className="loading-line" role="status">
          Loading…
        </p>
      ) : (
        <MonitorForm
          monitor={monitor.data}
          initial={initial}
          plan={plan}
          monitorCount={null}
          channels={channels.data.data}
          groups={groupNames(monitors.data?.data ?? [])}
        />
      )}
    </div>
  );
}
