import type { AgentTaskState } from "@upwatch/core";
import { TASK_STATES } from "./task-labels.ts";

/** A task's state as an icon and its word. */
export function TaskStateBadge({ state }: { state: AgentTaskState }) {
  const shown = TASK_STATES[state];
  return (
    <span className="agent-status task-state" data-task-state={state}>
      <span className="agent-status-icon" aria-hidden="true">
        {shown.icon}
      </span>
      {shown.label}
    </span>
  );
}
