import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { AddAgentForm } from "../../signed-in/agents/add-agent-form.tsx";
import { AgentSetup } from "../../signed-in/agents/agent-setup.tsx";
import agentsCss from "../../signed-in/agents/agents.css?url";
import { agentKeys, type CreatedAgentKey } from "../../signed-in/agents/agents-api.ts";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";

export const links = () => [stylesheet(agentsCss)];

export function meta() {
  return appMeta("Add agent");
}

/** The screen, for roles allowed it. */
export default function AgentNew() {
  return (
    <RequirePermission
      permission="agents.manage"
      title="Add an agent"
      refusal="Your role does not add agents."
    >
      <AgentNewScreen />
    </RequirePermission>
  );
}

/** Adding an agent, then its key (once), its configuration and how to install it. */
function AgentNewScreen() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedAgentKey>();
  return (
    <>
      <PageHeader
        title={created ? `${created.agent.name} is added` : "Add agent"}
        back={<Link to={`${APP_BASE}/agents`}>Back to agents</Link>}
        description={
          created
            ? "Install the agent on the server with the key below; it shows Online with its first report."
            : "Name the server and choose its system; the next screen gives its key and how to install the agent."
        }
      />
      {created ? (
        <AgentSetup created={created} />
      ) : (
        <section className="app-panel" aria-labelledby="add-agent-heading">
          <h2 id="add-agent-heading">The agent</h2>
          <AddAgentForm
            onCreated={(next) => {
              setCreated(next);
              void client.invalidateQueries({ queryKey: agentKeys.list });
            }}
            onCancel={() => navigate(`${APP_BASE}/agents`)}
          />
        </section>
      )}
    </>
  );
}
