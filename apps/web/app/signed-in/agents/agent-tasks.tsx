import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AGENT_TASK_STATES, type AgentTaskState } from "@upwatch/core";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { APP_BASE, problemText } from "../api-client.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { type AgentDetail, agentTasksQuery } from "./agents-api.ts";
import { proxyUnavailableReason } from "./proxy-reason.ts";
import {
  type AgentTaskPage,
  TASK_STATES,
  taskStateFromParam,
  totalTaskCount,
} from "./task-labels.ts";
import { TaskRow } from "./task-row.tsx";

/** The help centre's article on proxy monitoring. */
export const PROXY_ARTICLE = "/knowledge-base/agent-proxy-monitoring";

/**
 * The agent's proxied-check tasks of the past 24 hours, newest first, filtered by state (kept in
 * the address) and a page at a time; read again every 10 seconds while shown.
 */
export function AgentTasks({ agent }: { agent: AgentDetail }) {
  const [params, setParams] = useSearchParams();
  const state = taskStateFromParam(params.get("state"));
  // The pages walked through belong to one filter; another filter starts at the newest.
  const [paging, setPaging] = useState({ state, pages: [undefined] as (string | undefined)[] });
  const pages = paging.state === state ? paging.pages : [undefined];
  const tasks = useQuery({
    ...agentTasksQuery(agent.id, state, pages.at(-1)),
    placeholderData: keepPreviousData,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const page = tasks.data;
  const loading = tasks.isFetching && tasks.isPlaceholderData;

  const choose = (next: AgentTaskState | undefined) => {
    setParams(next ? { state: next } : {}, { replace: true, preventScrollReset: true });
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const reason = proxyUnavailableReason(agent);

  return (
    <>
      {reason ? (
        <div className="app-notice" data-tone="warn" role="status">
          <p>
            This agent cannot take tasks: {reason}. <Link to={PROXY_ARTICLE}>Read why</Link>.
          </p>
        </div>
      ) : null}
      {tasks.isError ? (
        <LoadError message={problemText(tasks.error)} onRetry={() => void tasks.refetch()} />
      ) : null}
      {tasks.isPending ? <Skeleton lines={3} label="Loading the tasks" /> : null}
      {page ? <StateFilters counts={page.counts} state={state} onChoose={choose} /> : null}
      {page && page.data.length === 0 && pages.length === 1 ? (
        state ? (
          <p className="app-muted">No {TASK_STATES[state].label} tasks in the past 24 hours.</p>
        ) : (
          <NoTasks />
        )
      ) : null}
      {page && page.data.length > 0 ? (
        <div className="app-table-wrap" aria-busy={loading}>
          <table className="app-table app-table-stack agent-task-table">
            <caption className="visually-hidden">
              {state ? `${TASK_STATES[state].label} tasks` : "Tasks"}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Monitor</th>
                <th scope="col">State</th>
                <th scope="col">Planned</th>
                <th scope="col">Result</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  expanded={expanded.has(task.id)}
                  onToggle={() => toggle(task.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page && (pages.length > 1 || page.next_before !== null) ? (
        <nav className="app-pager" aria-label="Task pages">
          <Button
            variant="ghost"
            size="small"
            disabled={pages.length === 1 || loading}
            onClick={() => setPaging({ state, pages: pages.slice(0, -1) })}
          >
            Newer
          </Button>
          <span>Page {pages.length}</span>
          <Button
            variant="ghost"
            size="small"
            disabled={page.next_before === null || loading}
            onClick={() => setPaging({ state, pages: [...pages, page.next_before ?? undefined] })}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </>
  );
}

/** One button per state with its count over the past 24 hours; the chosen one is pressed. */
function StateFilters({
  counts,
  state,
  onChoose,
}: {
  counts: AgentTaskPage["counts"];
  state: AgentTaskState | undefined;
  onChoose: (state: AgentTaskState | undefined) => void;
}) {
  const options: { value: AgentTaskState | undefined; label: string; count: number }[] = [
    { value: undefined, label: "All", count: totalTaskCount(counts) },
    ...AGENT_TASK_STATES.map((value) => ({
      value,
      label: TASK_STATES[value].label,
      count: counts[value] ?? 0,
    })),
  ];
  return (
    <fieldset className="task-filters">
      <legend className="visually-hidden">Show tasks by state, past 24 hours</legend>
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          className="task-filter"
          aria-pressed={option.value === state}
          onClick={() => onChoose(option.value)}
        >
          {option.label} <span className="task-filter-count">{option.count}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** What the tab is for, before the agent has had any task. */
function NoTasks() {
  const mayAdd = useCan()("monitors.manage");
  return (
    <EmptyState
      title="No tasks in the past 24 hours"
      action={
        mayAdd ? (
          <Link to={`${APP_BASE}/monitors/new`} className="button button-ghost">
            Add a monitor
          </Link>
        ) : undefined
      }
    >
      <p>
        A monitor can run from this agent instead of from Upwatch's regions, so it reaches services
        inside your network (proxy monitoring). Each planned check of such a monitor becomes a task
        here: the agent collects it when it asks for work, every 30 seconds, runs the check and
        sends back the result. <Link to={PROXY_ARTICLE}>Read about proxy monitoring</Link>.
      </p>
    </EmptyState>
  );
}
