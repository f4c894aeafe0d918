import { formatDateTime } from "../ui/format.ts";
import type { MaintenanceWindow } from "./maintenance-windows-api.ts";
import { OccurrenceSummary } from "./occurrence-summary.tsx";

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
      <div className="status-window-head">
        <span className={`status-stage status-window-${window.status}`}>
          {STATUS_LABELS[window.status]}
        </span>
        <h3 className="status-window-title">{window.title}</h3>
      </div>
      {window.recurrence_text ? (
        <OccurrenceSummary
          title={window.title}
          recurrenceText={window.recurrence_text}
          occurrences={window.next_occurrences}
          onSkip={onSkip ? (occurrence) => onSkip(occurrence.starts_at) : undefined}
        />
      ) : (
        <p>
          <time dateTime={window.starts_at}>{formatDateTime(window.starts_at)}</time> to{" "}
          {window.ends_at ? (
            <time dateTime={window.ends_at}>{formatDateTime(window.ends_at)}</time>
          ) : null}
        </p>
      )}
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
