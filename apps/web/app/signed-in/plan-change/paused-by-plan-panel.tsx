import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CHECK_TYPE_NAMES } from "@upwatch/core";
import { useState } from "react";
import { call } from "../api-call.ts";
import { problemText } from "../api-client.ts";
import { monitorsQuery } from "../cache/queries.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { planChangeQuery, refreshAfterPauseOrResume } from "./plan-change-query.ts";

/**
 * Choosing which monitors stay active after a move to a smaller plan: the monitors it paused,
 * each resumable while the plan has room, and the active ones, each of which can be paused to
 * make room. Shown while a plan change left monitors paused.
 */
export function PausedByPlanPanel() {
  const mayManage = useCan()("monitors.manage");
  const answer = useQuery(planChangeQuery());
  const monitors = useQuery({ ...monitorsQuery(), enabled: mayManage });
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (answer.isError) {
    return <LoadError message={problemText(answer.error)} onRetry={() => void answer.refetch()} />;
  }
  const view = answer.data;
  if (!view || view.paused_by_plan.length === 0) return null;

  const act = async (id: string, action: "pause" | "resume") => {
    setBusy(id);
    setProblem(null);
    try {
      await call(action === "pause" ? OP.pauseMonitor : OP.resumeMonitor, { params: { id } });
      await refreshAfterPauseOrResume(client);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(null);
    }
  };
  const active = (monitors.data?.data ?? []).filter((monitor) => !monitor.paused);

  return (
    <section className="app-panel" id="plan-change" aria-labelledby="plan-change-choice-heading">
      <h2 id="plan-change-choice-heading">Monitors paused by the plan change</h2>
      <p className="app-panel-lead">
        {view.monitor_limit === null
          ? `${view.active_monitors} monitors are active.`
          : `${view.active_monitors} of ${view.monitor_limit} monitors are active.`}{" "}
        Their settings are kept; pause an active monitor to make room, then resume the one you want
        checked instead.
      </p>
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      <h3>Paused</h3>
      <ul className="plan-change-list" aria-label="Monitors paused by the plan change">
        {view.paused_by_plan.map((monitor) => (
          <li key={monitor.id}>
            <span>
              {monitor.name} <span className="app-muted">{CHECK_TYPE_NAMES[monitor.type]}</span>
            </span>
            {mayManage ? (
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Resume ${monitor.name}`}
                onClick={() => void act(monitor.id, "resume")}
                disabled={busy !== null}
              >
                {busy === monitor.id ? "Saving…" : "Resume"}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {mayManage ? (
        <>
          <h3>Active</h3>
          <ul className="plan-change-list" aria-label="Active monitors">
            {active.map((monitor) => (
              <li key={monitor.id}>
                <span>
                  {monitor.name} <span className="app-muted">{CHECK_TYPE_NAMES[monitor.type]}</span>
                </span>
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Pause ${monitor.name}`}
                  onClick={() => void act(monitor.id, "pause")}
                  disabled={busy !== null}
                >
                  {busy === monitor.id ? "Saving…" : "Pause"}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
