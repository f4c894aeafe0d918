import { AgentTasks } from "../../signed-in/agents/agent-tasks.tsx";
import { appMeta } from "../../signed-in/app-meta.ts";
import { useAgent } from "./agent.tsx";

export function meta() {
  return appMeta("Agent tasks");
}

/** The checks the agent runs for the server, one task per planned check, and how each ended. */
export default function AgentTasksTab() {
  return (
    <section className="app-panel" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading">Tasks</h2>
      <AgentTasks agent={useAgent()} />
    </section>
  );
}
