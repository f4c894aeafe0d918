import type { MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { useCan } from "../session.tsx";

/** The agent's page in the app. */
export function agentPagePath(agentId: string): string {
  return `${APP_BASE}/agents/${encodeURIComponent(agentId)}`;
}

/** "Runs from agent db-primary", linking to the agent; nothing for a monitor run from regions. */
export function RunsFromAgent({ monitor }: { monitor: MonitorView }) {
  if (monitor.run_from !== "agent") return null;
  return monitor.agent ? (
    <span>
      Runs from agent <Link to={agentPagePath(monitor.agent.id)}>{monitor.agent.name}</Link>
    </span>
  ) : (
    <span>Runs from an agent that was deleted</span>
  );
}

/** Why an agent-run monitor's checks are missed or time out right now, when they are. */
export function RunnerProblemNotice({ monitor }: { monitor: MonitorView }) {
  const mayManage = useCan()("monitors.manage");
  if (!monitor.runner_problem) return null;
  return (
    <div className="app-notice" data-tone="warn" role="status">
      <p>
        {monitor.runner_problem}{" "}
        {mayManage ? (
          <Link to={`${APP_BASE}/monitors/${encodeURIComponent(monitor.id)}/edit`}>
            Edit the monitor
          </Link>
        ) : null}
      </p>
    </div>
  );
}
