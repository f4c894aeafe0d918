import { AgentServices } from "../../signed-in/agents/agent-services.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useAgent } from "./agent.tsx";

export function meta() {
  return appMeta("Agent services");
}

/** The services an agent watches and their states. */
export default function AgentServicesTab() {
  return (
    <section className="app-panel" aria-labelledby="services-heading">
      <h2 id="services-heading">Services</h2>
      <AgentServices agent={useAgent()} />
    </section>
  );
}
