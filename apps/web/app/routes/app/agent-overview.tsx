import { AgentOverview } from "../../signed-in/agents/agent-overview.tsx";
import { useAgent } from "./agent.tsx";

/** An agent's latest figures. */
export default function AgentOverviewTab() {
  return <AgentOverview agent={useAgent()} />;
}
