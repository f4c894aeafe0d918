import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { errorDetail, problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import maintenanceCss from "../../signed-in/maintenance-windows/maintenance-windows.css?url";
import { accountSettingsQuery } from "../../signed-in/maintenance-windows/maintenance-windows-api.ts";
import { useCan } from "../../signed-in/session.tsx";
import { pageComponentsQuery, statusKeys } from "../../signed-in/status-incidents/incidents-api.ts";
import css from "../../signed-in/status-incidents/status-incidents.css?url";
import {
  changeMaintenance,
  deleteMaintenance,
  endMaintenance,
  maintenanceQuery,
  type StatusMaintenance,
  scheduleMaintenance,
  skipMaintenance,
} from "../../signed-in/status-maintenance/maintenance-api.ts";
import { MaintenanceForm } from "../../signed-in/status-maintenance/maintenance-form.tsx";
import { MaintenanceList } from "../../signed-in/status-maintenance/maintenance-list.tsx";
import { ConfirmDialog } from "../../signed-in/ui/confirm-dialog.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { formatDateTime } from "../../signed-in/ui/format.ts";
import { LoadError } from "../../signed-in/ui/load-error.tsx";
import { Skeleton } from "../../signed-in/ui/skeleton.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(css), stylesheet(maintenanceCss)];

export function meta() {
  return appMeta("Status page maintenance");
}

type Pending =
  | { kind: "end" | "delete"; window: StatusMaintenance }
  | { kind: "skip"; window: StatusMaintenance; startsAt: string };

/** Scheduled maintenance: schedule a window, change it, cancel or end it, delete it. */
export default function StatusPageMaintenance() {
  const { id = "" } = useParams();
  const windows = useQuery(maintenanceQuery(id));
  const components = useQuery(pageComponentsQuery(id));
  const client = useQueryClient();
  const { showToast } = useToast();
  const [editingId, setEditingId] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const mayManage = useCan()("status_pages.manage");
  const settings = useQuery(accountSettingsQuery());
  const timeZone = settings.data?.time_zone ?? "UTC";
  const reload = () => client.invalidateQueries({ queryKey: statusKeys.page(id) });
  const list = components.data?.data ?? [];

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(undefined);
    try {
      if (pending.kind === "end") await endMaintenance(id, pending.window.id);
      else if (pending.kind === "skip")
        await skipMaintenance(id, pending.window.id, pending.startsAt);
      else await deleteMaintenance(id, pending.window.id);
      await reload();
      showToast(
        pending.kind === "delete"
          ? `${pending.window.title} is deleted.`
          : pending.kind === "skip"
            ? `The occurrence on ${formatDateTime(pending.startsAt)} is skipped.`
            : pending.window.status === "scheduled"
              ? `${pending.window.title} is cancelled.`
              : `${pending.window.title} has ended.`,
      );
      setPending(undefined);
    } catch (failure) {
      setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {mayManage ? (
        <section className="app-panel" aria-labelledby="status-maintenance-new-heading">
          <h2 id="status-maintenance-new-heading">Schedule maintenance</h2>
          <p className="app-panel-lead">
            The page announces it from now on. During the window its components show Maintenance and
            the alerts of their linked monitors are held; afterwards they return to their states.
          </p>
          {components.isPending ? (
            <Skeleton lines={3} label="Loading the page's components" />
          ) : null}
          {components.isError ? (
            <LoadError
              message={problemText(components.error)}
              onRetry={() => void components.refetch()}
            />
          ) : null}
          {components.isSuccess ? (
            <MaintenanceForm
              idPrefix="status-maintenance-new"
              components={list}
              timeZone={timeZone}
              submitLabel="Schedule maintenance"
              onSubmit={async (input, notify) => {
                const created = await scheduleMaintenance(id, {
                  ...input,
                  notify_subscribers: notify,
                });
                await reload();
                showToast(`${created.title} is scheduled.`);
              }}
            />
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="status-maintenance-heading">
        <h2 id="status-maintenance-heading">Maintenance windows</h2>
        {windows.isPending ? <Skeleton lines={3} label="Loading maintenance windows" /> : null}
        {windows.isError ? (
          <LoadError message={problemText(windows.error)} onRetry={() => void windows.refetch()} />
        ) : null}
        {windows.isSuccess && windows.data.data.length === 0 ? (
          <EmptyState title="No maintenance scheduled">
            <p>
              {mayManage
                ? "Schedule planned work above: visitors and subscribers hear about it ahead of time, and nobody is paged for the monitors it affects while it lasts."
                : "Maintenance scheduled on this page will show here."}
            </p>
          </EmptyState>
        ) : null}
        {windows.isSuccess && windows.data.data.length > 0 ? (
          <MaintenanceList
            windows={windows.data.data}
            editingId={editingId}
            actions={
              mayManage
                ? {
                    onEdit: (window) => setEditingId(window.id),
                    onEnd: (window) => setPending({ kind: "end", window }),
                    onDelete: (window) => setPending({ kind: "delete", window }),
                    onSkip: (window, startsAt) => setPending({ kind: "skip", window, startsAt }),
                  }
                : undefined
            }
            renderEditor={(window) => (
              <MaintenanceForm
                idPrefix={`status-maintenance-${window.id}`}
                components={list}
                editing={window}
                timeZone={timeZone}
                submitLabel="Save changes"
                onCancel={() => setEditingId(undefined)}
                onSubmit={async (input) => {
                  await changeMaintenance(id, window.id, input);
                  await reload();
                  setEditingId(undefined);
                  showToast("Changes saved.");
                }}
              />
            )}
          />
        ) : null}
      </section>
      <PendingDialog
        pending={pending}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setPending(undefined);
          setError(undefined);
        }}
      />
    </>
  );
}

function PendingDialog({
  pending,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  pending: Pending | undefined;
  busy: boolean;
  error: string | undefined;
  onConfirm(): void;
  onCancel(): void;
}) {
  const window = pending?.window;
  const cancelling = pending?.kind === "end" && window?.status === "scheduled";
  if (pending?.kind === "skip") {
    return (
      <ConfirmDialog
        open
        title="Skip this occurrence?"
        confirmLabel="Skip occurrence"
        busyLabel="Saving..."
        tone="primary"
        busy={busy}
        error={error}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>
          {`On ${formatDateTime(pending.startsAt)} the page shows no maintenance and alerts are not held; subscribers are not mailed. The other occurrences stay.`}
        </p>
      </ConfirmDialog>
    );
  }
  const title =
    pending?.kind === "delete"
      ? `Delete ${window?.title ?? "this window"}?`
      : cancelling
        ? `Cancel ${window?.title ?? "this window"}?`
        : `End ${window?.title ?? "this window"} now?`;
  return (
    <ConfirmDialog
      open={pending !== undefined}
      title={title}
      confirmLabel={
        pending?.kind === "delete"
          ? "Delete maintenance"
          : cancelling
            ? "Cancel maintenance"
            : "End maintenance"
      }
      busyLabel="Saving..."
      tone={pending?.kind === "delete" ? "danger" : "primary"}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {pending?.kind === "delete"
          ? "The window is removed from the page and its history for good."
          : cancelling
            ? "The page shows it as cancelled; its components and alerts are not affected."
            : "Its components return to their states and held alerts are sent if still open."}
      </p>
    </ConfirmDialog>
  );
}
