import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { CopyButton } from "../ui/copy-button.tsx";
import { agentConfigText } from "./agent-config-text.ts";
import { osName } from "./agent-figures.ts";
import type { CreatedAgentKey } from "./agents-api.ts";
import { CodeBlock } from "./code-block.tsx";
import { InstallSteps } from "./install-steps.tsx";

/**
 * What follows adding an agent (or giving it a new key): the key, shown this once, the
 * agent.yaml to paste, and the steps to install and start the agent.
 */
export function AgentSetup({ created }: { created: CreatedAgentKey }) {
  const { agent, key } = created;
  const config = agentConfigText(window.location.origin, key);
  return (
    <>
      <section className="app-secret" aria-labelledby="agent-key-heading">
        <h2 id="agent-key-heading">The key of {agent.name}</h2>
        <p className="app-secret-warning">
          This is the only time the key is shown: Upwatch keeps only a fingerprint of it. Copy it
          now, or the configuration below that contains it. If it is lost, give the agent a new key
          on its Settings tab.
        </p>
        <div className="app-secret-row">
          <code className="app-secret-value" data-secret data-agent-key>
            {key}
          </code>
          <CopyButton value={key} label="Copy key" />
        </div>
      </section>
      <section className="app-panel" aria-labelledby="agent-config-heading">
        <h2 id="agent-config-heading">agent.yaml</h2>
        <p className="app-panel-lead">
          The configuration of the agent, with this server's address and the key filled in. The
          other fields are at their defaults; remove the # to change one.
        </p>
        <CodeBlock text={config} label="configuration" />
      </section>
      <section className="app-panel" aria-labelledby="agent-install-heading">
        <h2 id="agent-install-heading">Install on {osName(agent.os)}</h2>
        <InstallSteps os={agent.os} />
      </section>
      <p>
        <Link
          to={`${APP_BASE}/agents/${encodeURIComponent(agent.id)}`}
          className="button button-primary"
        >
          Go to {agent.name}
        </Link>
      </p>
    </>
  );
}
