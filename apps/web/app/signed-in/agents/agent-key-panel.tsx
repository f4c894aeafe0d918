import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorDetail } from "../api-client.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { formatDateTime } from "../ui/format.ts";
import { SecretOnce } from "../ui/secret-once.tsx";
import { useToast } from "../ui/toast.tsx";
import { agentConfigText } from "./agent-config-text.ts";
import { type Agent, agentKeys, replaceAgentKey, revokeAgentKey } from "./agents-api.ts";
import { CodeBlock } from "./code-block.tsx";

type Action = "replace" | "revoke";

/** The agent's key: which one it has, a new one (shown once) or none at all. */
export function AgentKeyPanel({ agent }: { agent: Agent }) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const [asking, setAsking] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [newKey, setNewKey] = useState<string>();

  const onConfirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (asking === "replace") {
        setNewKey((await replaceAgentKey(agent.id)).key);
      } else {
        await revokeAgentKey(agent.id);
        showToast(`The key of ${agent.name} is revoked; its reports are refused from now on.`);
      }
      await client.invalidateQueries({ queryKey: agentKeys.agent(agent.id) });
      setAsking(undefined);
    } catch (problem) {
      setError(errorDetail(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="app-panel" aria-labelledby="agent-key-heading">
      <h2 id="agent-key-heading">Key</h2>
      {newKey ? (
        <SecretOnce
          title={`The new key of ${agent.name}`}
          value={newKey}
          onDone={() => setNewKey(undefined)}
          doneLabel="I have stored the key"
        >
          This is the only time it is shown. Put it in agent.yaml as api_key and restart the agent;
          the old key no longer works.
        </SecretOnce>
      ) : null}
      {newKey ? (
        <CodeBlock text={agentConfigText(window.location.origin, newKey)} label="configuration" />
      ) : null}
      <p className="app-panel-lead">
        {agent.key ? (
          <>
            The agent reports with <code className="app-code">{agent.key.prefix}...</code>, made{" "}
            {formatDateTime(agent.key.created_at)}.
          </>
        ) : (
          "This agent has no key: its reports are refused. Give it a new key to let it report again."
        )}
      </p>
      <div className="app-form-actions">
        <Button variant="ghost" onClick={() => setAsking("replace")}>
          New key
        </Button>
        {agent.key ? (
          <Button variant="danger" onClick={() => setAsking("revoke")}>
            Revoke key
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking !== undefined}
        title={
          asking === "replace"
            ? `Give ${agent.name} a new key?`
            : `Revoke the key of ${agent.name}?`
        }
        confirmLabel={asking === "replace" ? "New key" : "Revoke key"}
        busyLabel={asking === "replace" ? "Making the key..." : "Revoking..."}
        tone={asking === "replace" ? "primary" : "danger"}
        busy={busy}
        error={error}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          setAsking(undefined);
          setError(undefined);
        }}
      >
        <p>
          {asking === "replace"
            ? "The current key stops working at once; the agent reports again once its agent.yaml has the new one."
            : "The agent's reports are refused from now on and it goes offline. Its history, rules and alerts stay."}
        </p>
      </ConfirmDialog>
    </section>
  );
}
