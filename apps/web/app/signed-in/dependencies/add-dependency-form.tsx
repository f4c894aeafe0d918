import type { DependencyView, MonitorView } from "@upwatch/api";
import { useState } from "react";
import { call } from "../api-call.ts";
import { OP } from "../operation-routes.ts";
import { FormActions } from "../ui/form-actions.tsx";
import { type CreationOutcome, createDependencies } from "./create-dependencies.ts";
import type { TreeSubject } from "./dependency-tree.ts";

interface AddDependencyFormProps {
  monitors: readonly MonitorView[];
  agents: readonly { id: string; name: string }[];
  dependencies: readonly DependencyView[];
  /** Called once every chosen parent was tried, with what was made and what was refused. */
  onSaved: (child: TreeSubject, outcome: CreationOutcome) => Promise<void>;
  onCancel: () => void;
}

const parse = (value: string): TreeSubject | null => {
  const [type, id] = value.split(":");
  return (type === "monitor" || type === "agent") && id ? { type, id } : null;
};

/** Add dependency: one child (a monitor or an agent) and one or more parent monitors. */
export function AddDependencyForm(props: AddDependencyFormProps) {
  const { monitors, agents, dependencies } = props;
  const [childValue, setChildValue] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<{ field: "child" | "parents"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const child = parse(childValue);
  const existing = new Set(
    dependencies
      .filter((edge) =>
        child?.type === "agent"
          ? edge.child_agent_id === child.id
          : edge.child_monitor_id === child?.id,
      )
      .map((edge) => edge.parent_monitor_id),
  );
  const candidates = monitors.filter(
    (item) => !(child?.type === "monitor" && item.id === child.id),
  );

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!child) return setProblem({ field: "child", text: "Choose the child: what depends." });
    const parents = chosen.filter((id) => !existing.has(id) && id !== child.id);
    if (!parents.length) {
      return setProblem({ field: "parents", text: "Choose at least one parent it depends on." });
    }
    setProblem(null);
    setBusy(true);
    try {
      const outcome = await createDependencies(child, parents, (body) =>
        call(OP.createDependency, { body }),
      );
      setChosen(outcome.refused.map((refusal) => refusal.parentId));
      await props.onSaved(child, outcome);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string, on: boolean) =>
    setChosen((list) => (on ? [...list, id] : list.filter((item) => item !== id)));

  return (
    <form
      className="app-panel add-dependency"
      onSubmit={save}
      noValidate
      aria-labelledby="add-dependency-title"
    >
      <h2 id="add-dependency-title">Add dependency</h2>
      <div className="field">
        <label htmlFor="dependency-child">Child</label>
        <p className="field-hint" id="dependency-child-hint">
          The monitor or agent whose alerts wait while all of its parents are down.
        </p>
        <select
          id="dependency-child"
          value={childValue}
          onChange={(event) => setChildValue(event.target.value)}
          aria-describedby={`dependency-child-hint${problem?.field === "child" ? " dependency-child-error" : ""}`}
          aria-invalid={problem?.field === "child" ? true : undefined}
        >
          <option value="">Choose a monitor or agent…</option>
          <optgroup label="Monitors">
            {monitors.map((item) => (
              <option key={item.id} value={`monitor:${item.id}`}>
                {item.name}
              </option>
            ))}
          </optgroup>
          {agents.length ? (
            <optgroup label="Agents">
              {agents.map((item) => (
                <option key={item.id} value={`agent:${item.id}`}>
                  {item.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        {problem?.field === "child" ? (
          <p id="dependency-child-error" className="field-error" role="alert">
            {problem.text}
          </p>
        ) : null}
      </div>
      <fieldset
        className="field dependency-parents"
        aria-describedby={problem?.field === "parents" ? "dependency-parents-error" : undefined}
      >
        <legend>Parents</legend>
        <p className="field-hint">The monitors it relies on; choose one or more.</p>
        <ul>
          {candidates.map((item) => (
            <li key={item.id}>
              <label>
                <input
                  type="checkbox"
                  checked={existing.has(item.id) || chosen.includes(item.id)}
                  disabled={existing.has(item.id)}
                  onChange={(event) => toggle(item.id, event.target.checked)}
                />
                {item.name}
                {existing.has(item.id) ? (
                  <span className="app-muted"> (already a parent)</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
        {problem?.field === "parents" ? (
          <p id="dependency-parents-error" className="field-error" role="alert">
            {problem.text}
          </p>
        ) : null}
      </fieldset>
      <FormActions submitLabel="Save" busy={busy} busyLabel="Saving…" onCancel={props.onCancel} />
    </form>
  );
}
