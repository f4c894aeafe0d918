import type { MaintenanceWindow } from "./maintenance-windows-api.ts";
import { WindowSchedule } from "./window-schedule.tsx";

const STATUS_LABELS: Record<MaintenanceWindow["status"], string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  completed: "Completed",
};

/** One window of monitors and groups: its status, what it covers, when, and its actions. */
export function MaintenanceWindowCard({
  window,
  onEdit,
  onDelete,
  onSkip,
}: {
  window: MaintenanceWindow;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  onSkip?: ((startsAt: string) => void) | undefined;
}) {
  const covers = [
    ...window.monitors.map((monitor) => monitor.name),
    ...window.groups.map((group) => `${group.name} (group)`),
  ];
  return (
    <>
      <WindowSchedule
        status={window.status}
        statusLabel={STATUS_LABELS[window.status]}
        title={window.title}
        recurrenceText={window.recurrence_text}
        startsAt={window.starts_at}
        endsAt={window.ends_at}
        occurrences={window.next_occurrences}
        onSkip={onSkip ? (occurrence) => onSkip(occurrence.starts_at) : undefined}
      />
      <p className="app-muted">
        {covers.length > 0
          ? `Covers: ${covers.join(", ")}`
          : "Covers nothing any more: its monitors and groups were deleted."}
      </p>
      {window.note ? <p className="status-window-note">{window.note}</p> : null}
      {onDelete ? (
        <div className="status-window-actions">
          {onEdit && window.status !== "completed" ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={onEdit}
              aria-label={`Edit ${window.title}`}
            >
              Edit
            </button>
          ) : null}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={onDelete}
            aria-label={`Delete ${window.title}`}
          >
            Delete
          </button>
        </div>
      ) : null}
    </>
  );
}
