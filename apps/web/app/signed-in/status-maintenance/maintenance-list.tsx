import type { ReactNode } from "react";
import { WindowSchedule } from "../maintenance-windows/window-schedule.tsx";
import { StatusMessage } from "../status-incidents/status-message.tsx";
import type { StatusMaintenance } from "./maintenance-api.ts";
import { MAINTENANCE_STATUS_LABELS } from "./maintenance-times.ts";

/** What a window's actions ask for. */
export interface WindowActions {
  onEdit(window: StatusMaintenance): void;
  onEnd(window: StatusMaintenance): void;
  onDelete(window: StatusMaintenance): void;
  onSkip(window: StatusMaintenance, startsAt: string): void;
}

/** Maintenance windows as cards: status, times, components, message, and their actions. */
export function MaintenanceList({
  windows,
  actions,
  editingId,
  renderEditor,
}: {
  windows: readonly StatusMaintenance[];
  /** Left out for people who cannot change the page: the cards then have no buttons. */
  actions?: WindowActions | undefined;
  editingId: string | undefined;
  renderEditor(window: StatusMaintenance): ReactNode;
}) {
  return (
    <ul className="status-window-list">
      {windows.map((window) => (
        <li key={window.id} className="status-window" data-maintenance-id={window.id}>
          {editingId === window.id ? (
            renderEditor(window)
          ) : (
            <WindowCard window={window} actions={actions} />
          )}
        </li>
      ))}
    </ul>
  );
}

function WindowCard({
  window,
  actions,
}: {
  window: StatusMaintenance;
  actions: WindowActions | undefined;
}) {
  const open = window.status === "scheduled" || window.status === "in_progress";
  return (
    <>
      <WindowSchedule
        status={window.status}
        statusLabel={MAINTENANCE_STATUS_LABELS[window.status]}
        title={window.title}
        recurrenceText={window.recurrence_text}
        startsAt={window.starts_at}
        endsAt={window.ends_at}
        occurrences={open ? window.next_occurrences : []}
        onSkip={
          actions && open ? (occurrence) => actions.onSkip(window, occurrence.starts_at) : undefined
        }
      />
      <p className="app-muted">
        {window.components.length > 0
          ? `Components: ${window.components.map((component) => component.name).join(", ")}`
          : "No components: the window is announced but changes no state and holds no alerts."}
      </p>
      {window.message ? <StatusMessage text={window.message} /> : null}
      {actions ? (
        <div className="status-window-actions">
          {open ? (
            <>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => actions.onEdit(window)}
                aria-label={`Edit ${window.title}`}
              >
                Edit
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => actions.onEnd(window)}
                aria-label={
                  window.recurrence
                    ? `${endLabel(window)} of ${window.title}`
                    : `${window.status === "scheduled" ? "Cancel" : "End"} ${window.title}`
                }
              >
                {endLabel(window)}
              </button>
            </>
          ) : null}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => actions.onDelete(window)}
            aria-label={`Delete ${window.title}`}
          >
            Delete
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The words of a window's End button; a recurring window's ends the whole series. */
function endLabel(window: StatusMaintenance): string {
  if (window.status === "scheduled")
    return window.recurrence ? "Cancel series" : "Cancel maintenance";
  return window.recurrence ? "End series now" : "End now";
}
