import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { osName } from "./agent-figures.ts";
import { AgentStatusBadge } from "./agent-status-badge.tsx";
import type { Agent } from "./agents-api.ts";
import { LastReport } from "./last-report.tsx";
import { ProxyCapableTag } from "./proxy-capable-tag.tsx";

/** The account's agents: whether each reports, when it last did, and what runs it. */
export function AgentTable({ agents }: { agents: readonly Agent[] }) {
  return (
    <div className="app-table-wrap">
      <table className="app-table app-table-stack">
        <caption className="visually-hidden">Agents</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Last report</th>
            <th scope="col">OS</th>
            <th scope="col">Version</th>
            <th scope="col">Open alerts</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.id} data-agent-id={agent.id}>
              <td data-label="Name">
                <Link to={`${APP_BASE}/agents/${encodeURIComponent(agent.id)}`}>{agent.name}</Link>
                {agent.proxy_capable ? (
                  <>
                    {" "}
                    <ProxyCapableTag />
                  </>
                ) : null}
              </td>
              <td data-label="Status">
                <AgentStatusBadge status={agent.status} />
              </td>
              <td data-label="Last report">
                <LastReport at={agent.last_report_at} />
              </td>
              <td data-label="OS">
                {osName(agent.os)}
                {agent.platform ? <span className="app-muted"> ({agent.platform})</span> : null}
              </td>
              <td data-label="Version">{agent.version ?? <span className="app-muted">–</span>}</td>
              <td data-label="Open alerts">
                {agent.open_alerts > 0 ? (
                  <Link to={`${APP_BASE}/agents/${encodeURIComponent(agent.id)}/alerts`}>
                    {agent.open_alerts} open
                  </Link>
                ) : (
                  "None"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
