import { CHECK_TYPE_NAMES } from "@upwatch/core";
import { formatMs } from "../monitors/format.ts";
import { formatDateTime } from "../ui/format.ts";
import { type AgentTask, taskResultText } from "./task-labels.ts";

function When({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <>–</>;
}

/** What a result said: up or down, its response time and status code (its error apart). */
function ResultFacts({ result }: { result: NonNullable<AgentTask["result"]> }) {
  return (
    <>
      {result.status === "up" ? "Up" : "Down"}
      {result.response_time_ms !== null ? `, ${formatMs(result.response_time_ms)}` : ""}
      {result.status_code !== null ? ` (status ${result.status_code})` : ""}
    </>
  );
}

function checkTypeName(type: string): string {
  return (CHECK_TYPE_NAMES as Record<string, string>)[type] ?? type;
}

/** Everything known about one task: its times, its hand-outs, what it came to and its log. */
export function TaskDetails({ task }: { task: AgentTask }) {
  return (
    <div className="task-details">
      <dl className="settings-list">
        <div>
          <dt>Check</dt>
          <dd>
            {checkTypeName(task.check_type)} <span className="app-code">{task.target}</span>
          </dd>
        </div>
        <div>
          <dt>Planned</dt>
          <dd>
            <When at={task.planned_at} />
          </dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>
            <When at={task.deadline_at} />
          </dd>
        </div>
        <div>
          <dt>Handed out</dt>
          <dd>
            {task.dispatch_count === 0
              ? "Not yet"
              : `${task.dispatch_count} ${task.dispatch_count === 1 ? "time" : "times"}, last at `}
            {task.dispatch_count > 0 ? <When at={task.dispatched_at} /> : null}
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <When at={task.started_at} />
          </dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>
            <When at={task.finished_at} />
          </dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>{task.result ? <ResultFacts result={task.result} /> : "None yet"}</dd>
        </div>
        {task.result?.error ? (
          <div>
            <dt>Error</dt>
            <dd className="app-cell-error">{task.result.error}</dd>
          </div>
        ) : null}
        {task.late_result ? (
          <div>
            <dt>Late result</dt>
            <dd>
              {taskResultText(task.late_result)}, arrived <When at={task.late_at} /> after the
              deadline; it changed nothing.
            </dd>
          </div>
        ) : null}
      </dl>
      <h3 className="task-log-title">Log</h3>
      {task.log.length === 0 ? (
        <p className="app-muted">The agent's calls about this task were all accepted.</p>
      ) : (
        <ol className="task-log">
          {task.log.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end.
            <li key={index}>
              <When at={entry.at} /> {entry.message}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
