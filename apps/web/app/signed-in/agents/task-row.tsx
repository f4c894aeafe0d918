import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { formatDateTime, formatRelative } from "../ui/format.ts";
import { TaskDetails } from "./task-details.tsx";
import { type AgentTask, taskResultText } from "./task-labels.ts";
import { TaskStateBadge } from "./task-state-badge.tsx";

const COLUMNS = 5;

/** One task as a table row, and its details in the row below while expanded. */
export function TaskRow({
  task,
  expanded,
  onToggle,
}: {
  task: AgentTask;
  expanded: boolean;
  onToggle: () => void;
}) {
  const detailsId = `task-${task.id}-details`;
  const result = taskResultText(task.result);
  return (
    <>
      <tr data-task-state={task.state}>
        <td data-label="Monitor">
          <Link to={`${APP_BASE}/monitors/${encodeURIComponent(task.monitor_id)}`}>
            {task.monitor_name}
          </Link>
        </td>
        <td data-label="State">
          <TaskStateBadge state={task.state} />
        </td>
        <td data-label="Planned">
          <time dateTime={task.planned_at} title={formatDateTime(task.planned_at)}>
            {formatRelative(task.planned_at)}
          </time>
        </td>
        <td data-label="Result" className={task.result?.status === "down" ? "app-cell-error" : ""}>
          {result ?? <span className="app-muted">Waiting for the agent</span>}
        </td>
        <td className="app-cell-actions">
          <button
            type="button"
            className="button button-ghost button-small"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            {expanded ? "Hide details" : "Details"}
            <span className="visually-hidden">
              {" "}
              of {task.monitor_name}'s task planned {formatDateTime(task.planned_at)}
            </span>
          </button>
        </td>
      </tr>
      <tr id={detailsId} className="task-details-row" hidden={!expanded}>
        <td colSpan={COLUMNS}>{expanded ? <TaskDetails task={task} /> : null}</td>
      </tr>
    </>
  );
}
