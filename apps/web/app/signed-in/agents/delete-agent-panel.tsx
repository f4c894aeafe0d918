import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { DeletePanel } from "../ui/delete-panel.tsx";
import { useToast } from "../ui/toast.tsx";
import { type Agent, agentKeys, deleteAgent } from "./agents-api.ts";

/** Deleting an agent, after a question that says what goes with it. */
export function DeleteAgentPanel({ agent }: { agent: Agent }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();

  const onDelete = async () => {
    await deleteAgent(agent.id);
    client.setQueryData<{ data: Agent[] }>(agentKeys.list, (list) =>
      list ? { data: list.data.filter((item) => item.id !== agent.id) } : list,
    );
    showToast(`${agent.name} is deleted.`);
    navigate(`${APP_BASE}/agents`);
  };

  return (
    <DeletePanel
      headingId="delete-agent-heading"
      heading="Delete agent"
      lead="Its key stops working, and its history, alert rules and alerts are deleted with it. This frees its place on your plan."
      buttonLabel="Delete agent"
      title={`Delete ${agent.name}?`}
      onDelete={onDelete}
    >
      <p>
        The key of {agent.name} stops working at once. Its charts and history, its alert rules, its{" "}
        {agent.open_alerts > 0 ? `${agent.open_alerts} open alerts and older ` : ""}alerts and its
        dependencies are deleted. The program stays installed on the server until you remove it.
        This cannot be undone.
      </p>
    </DeletePanel>
  );
}
