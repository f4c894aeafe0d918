import { osName } from "./agent-figures.ts";
import { AgentStatusBadge } from "./agent-status-badge.tsx";
import type { Agent } from "./agents-api.ts";
import { LastReport } from "./last-report.tsx";
import { ProxyCapableTag } from "./proxy-capable-tag.tsx";

/** The facts under an agent's name: its status, the machine it runs on and its last report. */
export function AgentHeader({ agent }: { agent: Agent }) {
  return (
    <dl className="app-facts agent-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <AgentStatusBadge status={agent.status} />
        </dd>
      </div>
      <div>
        <dt>Last report</dt>
        <dd>
          <LastReport at={agent.last_report_at} />
        </dd>
      </div>
      <div>
        <dt>Hostname</dt>
        <dd>{agent.hostname ?? "–"}</dd>
      </div>
      <div>
        <dt>Platform</dt>
        <dd>
          {agent.platform ?? osName(agent.os)}
          {agent.arch ? ` (${agent.arch})` : ""}
        </dd>
      </div>
      <div>
        <dt>Version</dt>
        <dd>
          {agent.version ?? "–"}
          {agent.proxy_capable ? (
            <>
              {" "}
              <ProxyCapableTag />
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
