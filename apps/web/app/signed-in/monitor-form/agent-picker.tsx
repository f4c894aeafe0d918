import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PROXY_ARTICLE } from "../agents/agent-tasks.tsx";
import { agentsQuery } from "../agents/agents-api.ts";
import { proxyUnavailableReason } from "../agents/proxy-reason.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Field } from "./field.tsx";
import type { FormPartProps } from "./form-props.ts";

/**
 * The account's agents as a select. Agents that cannot run checks for the server are listed but
 * cannot be chosen, each with the reason; with no agent at all it says where to add one.
 */
export function AgentPicker({ values, set, errors }: FormPartProps) {
  const agents = useQuery(agentsQuery());
  if (agents.isPending) {
    return (
      <p className="app-muted" role="status">
        Loading your agents…
      </p>
    );
  }
  if (agents.isError) {
    return <LoadError message={problemText(agents.error)} onRetry={() => void agents.refetch()} />;
  }
  const list = agents.data.data;
  if (list.length === 0) {
    return (
      <div className="field">
        <p className="field-hint">
          You have no agents yet: add one on the <Link to={`${APP_BASE}/agents`}>Agents</Link> page
          and install it on a machine inside your network, then choose it here.
        </p>
        {errors.agent_id ? <p className="field-error">{errors.agent_id}</p> : null}
      </div>
    );
  }
  const usable = list.filter((agent) => proxyUnavailableReason(agent) === null);
  return (
    <Field
      id="monitor-agent_id"
      label="Agent"
      hint={
        <>
          {usable.length === 0
            ? "None of your agents can run checks yet; each says why. Agents need version 2.1.0 or newer. "
            : "The agent runs each check from its machine and reports the result; private addresses are allowed. "}
          <Link to={PROXY_ARTICLE}>Read about proxy monitoring</Link>
        </>
      }
      error={errors.agent_id}
    >
      <select value={values.agent_id} onChange={(event) => set("agent_id", event.target.value)}>
        <option value="" disabled>
          Choose an agent
        </option>
        {list.map((agent) => {
          const reason = proxyUnavailableReason(agent);
          return (
            <option key={agent.id} value={agent.id} disabled={reason !== null}>
              {reason ? `${agent.name} (${reason})` : agent.name}
            </option>
          );
        })}
      </select>
    </Field>
  );
}
