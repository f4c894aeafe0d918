import { AgentCharts } from "../../signed-in/agents/agent-charts.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useAgent } from "./agent.tsx";

export function meta() {
  return appMeta("Agent charts");
}

/** An agent's figures over time. */
export default function AgentChartsTab() {
  const agent = useAgent();
  return (
    <section className="app-panel" aria-labelledby="charts-heading">
      <h2 id="charts-heading">Charts</h2>
      <AgentCharts agentId={agent.id} />
    </section>
  );
}
