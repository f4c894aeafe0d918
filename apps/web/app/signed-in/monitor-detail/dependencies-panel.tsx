import type { DependencyView, MonitorView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { APP_BASE, apiRequest, problemText } from "../api-client.ts";

/**
 * The monitors this one depends on: while every parent is down its alerts are held back.
 * Parents are chosen among the account's monitors; the server refuses cycles with a sentence.
 */
export function DependenciesPanel({
  monitor,
  monitors,
  dependencies,
  onChange,
}: {
  monitor: MonitorView;
  monitors: readonly MonitorView[];
  dependencies: readonly DependencyView[];
  onChange: () => Promise<void>;
}) {
  const [parentId, setParentId] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const names = new Map(monitors.map((item) => [item.id, item.name]));
  const parents = dependencies.filter((edge) => edge.child_monitor_id === monitor.id);
  const children = dependencies.filter((edge) => edge.parent_monitor_id === monitor.id);
  const choices = monitors.filter(
    (item) => item.id !== monitor.id && !parents.some((edge) => edge.parent_monitor_id === item.id),
  );

  /** Sends one change, then reads the dependencies again; a refusal is shown as said. */
  async function change(request: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await request();
      await onChange();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!parentId) {
      setProblem("Choose the monitor this one depends on.");
      return;
    }
    await change(async () => {
      await apiRequest("POST", "/dependencies", {
        child_monitor_id: monitor.id,
        parent_monitor_id: parentId,
      });
      setParentId("");
    });
  }

  const remove = (edge: DependencyView) =>
    change(() => apiRequest("DELETE", `/dependencies/${edge.id}`));

  return (
    <div className="dependencies">
      <p className="app-muted">
        While every monitor this one depends on is down, its alerts are held back, so one outage
        upstream does not page you for everything behind it.
      </p>
      {parents.length ? (
        <ul className="dependency-list" aria-label="Depends on">
          {parents.map((edge) => (
            <li key={edge.id}>
              <Link to={`${APP_BASE}/monitors/${edge.parent_monitor_id}`}>
                {names.get(edge.parent_monitor_id) ?? edge.parent_monitor_id}
              </Link>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={busy}
                onClick={() => remove(edge)}
                aria-label={`Remove the dependency on ${names.get(edge.parent_monitor_id) ?? "this monitor"}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>This monitor depends on no other monitor.</p>
      )}
      {choices.length ? (
        <form className="inline-form" onSubmit={add} noValidate>
          <label htmlFor="dependency-parent">Depends on</label>
          <select
            id="dependency-parent"
            value={parentId}
            onChange={(event) => setParentId(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "dependency-error" : undefined}
          >
            <option value="">Choose a monitor…</option>
            {choices.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-ghost" disabled={busy}>
            Add dependency
          </button>
        </form>
      ) : null}
      {problem ? (
        <p id="dependency-error" className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {children.length ? (
        <p className="app-muted">
          Monitors that depend on this one:{" "}
          {children.map((edge, index) => (
            <span key={edge.id}>
              {index ? ", " : ""}
              <Link to={`${APP_BASE}/monitors/${edge.child_monitor_id}`}>
                {names.get(edge.child_monitor_id) ?? edge.child_monitor_id}
              </Link>
            </span>
          ))}
          .
        </p>
      ) : null}
    </div>
  );
}
