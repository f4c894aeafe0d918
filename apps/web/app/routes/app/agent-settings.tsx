import { AgentDependencies } from "../../signed-in/agents/agent-dependencies.tsx";
import { AgentKeyPanel } from "../../signed-in/agents/agent-key-panel.tsx";
import { AgentSettingsForm } from "../../signed-in/agents/agent-settings-form.tsx";
import { DeleteAgentPanel } from "../../signed-in/agents/delete-agent-panel.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useCan } from "../../signed-in/session.tsx";
import { useAgent } from "./agent.tsx";

export function meta() {
  return appMeta("Agent settings");
}

/** An agent's settings, dependencies and key, and deleting it. */
export default function AgentSettingsTab() {
  const agent = useAgent();
  if (!useCan()("agents.manage")) {
    return <p className="app-muted">Your role does not change agent settings.</p>;
  }
  return (
    <>
      <section className="app-panel" aria-labelledby="agent-settings-heading">
        <h2 id="agent-settings-heading">Settings</h2>
        <AgentSettingsForm key={agent.id} agent={agent} />
      </section>
      <section className="app-panel" aria-labelledby="agent-dependencies-heading">
        <h2 id="agent-dependencies-heading">Dependencies</h2>
        <p className="app-panel-lead">
          While every monitor this agent depends on is down, its alerts are held back, so one outage
          upstream does not page you for every server behind it.
        </p>
        <AgentDependencies agentId={agent.id} />
      </section>
      <AgentKeyPanel agent={agent} />
      <DeleteAgentPanel agent={agent} />
    </>
  );
}
