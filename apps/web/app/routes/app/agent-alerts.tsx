import { AgentAlertList } from "../../signed-in/agents/agent-alert-list.tsx";
import { RulesPanel } from "../../signed-in/agents/rules-panel.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useAgent } from "./agent.tsx";

export function meta() {
  return appMeta("Agent alerts");
}

/** An agent's alerts and the rules that open them. */
export default function AgentAlertsTab() {
  const agent = useAgent();
  return (
    <>
      <section className="app-panel" aria-labelledby="agent-alerts-heading">
        <h2 id="agent-alerts-heading">Alerts</h2>
        <AgentAlertList agentId={agent.id} />
      </section>
      <section className="app-panel" aria-labelledby="agent-rules-heading">
        <h2 id="agent-rules-heading">Alert rules</h2>
        <p className="app-panel-lead">
          An alert also opens when the agent has not reported for {agent.offline_after_minutes}{" "}
          {agent.offline_after_minutes === 1 ? "minute" : "minutes"}; change that on the Settings
          tab.
        </p>
        <RulesPanel agentId={agent.id} />
      </section>
    </>
  );
}
