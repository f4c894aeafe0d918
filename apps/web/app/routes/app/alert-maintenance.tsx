import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { stylesheet } from "../../lib/stylesheet.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { groupsQuery, monitorsQuery } from "../../signed-in/cache/queries.ts";
import { MaintenanceWindowCard } from "../../signed-in/maintenance-windows/maintenance-window-card.tsx";
import { MaintenanceWindowForm } from "../../signed-in/maintenance-windows/maintenance-window-form.tsx";
import maintenanceCss from "../../signed-in/maintenance-windows/maintenance-windows.css?url";
import {
  accountSettingsQuery,
  changeWindow,
  deleteWindow,
  type MaintenanceWindow,
  maintenanceWindowsKey,
  maintenanceWindowsQuery,
  scheduleWindow,
  skipOccurrence,
} from "../../signed-in/maintenance-windows/maintenance-windows-api.ts";
import { useCan } from "../../signed-in/session.tsx";
import statusCss from "../../signed-in/status-incidents/status-incidents.css?url";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { formatDateTime } from "../../signed-in/ui/format.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(statusCss), stylesheet(maintenanceCss)];

export function meta() {
  return appMeta("Maintenance windows");
}

type Pending =
  | { kind: "delete"; window: MaintenanceWindow }
  | { kind: "skip"; window: MaintenanceWindow; startsAt: string };

/** Alerts > Maintenance: windows of monitors and groups that hold their alerts, once or recurring. */
export default function AlertMaintenance() {
  const client = useQueryClient();
  const { showToast } = useToast();
  const mayManage = useCan()("monitors.manage");
  const windows = useQuery(maintenanceWindowsQuery());
  const monitors = useQuery(monitorsQuery());
  const groups = useQuery(groupsQuery());
  const settings = useQuery(accountSettingsQuery());
  const [pending, setPending] = useState<Pending>();
  const [editingId, setEditingId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const reload = () => client.invalidateQueries({ queryKey: maintenanceWindowsKey });
  const timeZone = settings.data?.time_zone ?? "UTC";

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(undefined);
    try {
      if (pending.kind === "delete") await deleteWindow(pending.window.id);
      else await skipOccurrence(pending.window.id, pending.startsAt);
      await reload();
      showToast(
        pending.kind === "delete"
          ? `${pending.window.title} is deleted.`
          : `The occurrence on ${formatDateTime(pending.startsAt)} is skipped.`,
      );
      setPending(undefined);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  const ready = monitors.isSuccess && groups.isSuccess && settings.isSuccess;
  return (
    <>
      <PageHeader
        title="Maintenance windows"
        description="Planned work on monitors and groups, once or recurring: their checks still run and are recorded, and their alerts wait until the window ends."
      />
      {mayManage ? (
        <section className="app-panel" aria-labelledby="maintenance-window-new-heading">
          <h2 id="maintenance-window-new-heading">Schedule maintenance</h2>
          <p className="app-panel-lead">
            Recurring windows follow the account's time zone, {timeZone}, on its wall clock.
          </p>
          {!ready && !(monitors.isError || groups.isError || settings.isError) ? (
            <Skeleton lines={3} label="Loading monitors and groups" />
          ) : null}
          {monitors.isError || groups.isError || settings.isError ? (
            <LoadError
              message={problemText(monitors.error ?? groups.error ?? settings.error)}
              onRetry={() => {
                void monitors.refetch();
                void groups.refetch();
                void settings.refetch();
              }}
            />
          ) : null}
          {ready ? (
            <MaintenanceWindowForm
              monitors={monitors.data.data}
              groups={groups.data.data}
              timeZone={timeZone}
              onSubmit={async (input) => {
                const created = await scheduleWindow(input);
                await reload();
                showToast(`${created.title} is scheduled.`);
              }}
            />
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="maintenance-windows-heading">
        <h2 id="maintenance-windows-heading">Windows</h2>
        {windows.isPending ? <Skeleton lines={3} label="Loading maintenance windows" /> : null}
        {windows.isError ? (
          <LoadError message={problemText(windows.error)} onRetry={() => void windows.refetch()} />
        ) : null}
        {windows.isSuccess && windows.data.data.length === 0 ? (
          <EmptyState title="No maintenance scheduled">
            <p>
              {mayManage
                ? "Schedule planned work above, such as weekly patching: nobody is paged for the monitors it covers while it lasts."
                : "Maintenance windows of monitors and groups will show here."}
            </p>
          </EmptyState>
        ) : null}
        {windows.isSuccess && windows.data.data.length > 0 ? (
          <ul className="status-window-list">
            {windows.data.data.map((window) => (
              <li key={window.id} className="status-window" data-window-id={window.id}>
                {editingId === window.id && ready ? (
                  <MaintenanceWindowForm
                    monitors={monitors.data.data}
                    groups={groups.data.data}
                    timeZone={timeZone}
                    editing={window}
                    submitLabel="Save changes"
                    onCancel={() => setEditingId(undefined)}
                    onSubmit={async (input) => {
                      await changeWindow(window.id, input);
                      await reload();
                      setEditingId(undefined);
                      showToast("Changes saved.");
                    }}
                  />
                ) : (
                  <MaintenanceWindowCard
                    window={window}
                    onEdit={mayManage ? () => setEditingId(window.id) : undefined}
                    onDelete={mayManage ? () => setPending({ kind: "delete", window }) : undefined}
                    onSkip={
                      mayManage
                        ? (startsAt) => setPending({ kind: "skip", window, startsAt })
                        : undefined
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={pending !== undefined}
        title={
          pending?.kind === "skip"
            ? "Skip this occurrence?"
            : `Delete ${pending?.window.title ?? ""}?`
        }
        confirmLabel={pending?.kind === "skip" ? "Skip occurrence" : "Delete window"}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setPending(undefined);
          setError(undefined);
        }}
      >
        <p>
          {pending?.kind === "skip"
            ? `On ${formatDateTime(pending.startsAt)} the monitors' alerts will not be held; the other occurrences stay.`
            : "Its past occurrences go too, so reports no longer count them as maintenance. Alerts it holds now are notified within a minute if still open."}
        </p>
      </ConfirmDialog>
    </>
  );
}
