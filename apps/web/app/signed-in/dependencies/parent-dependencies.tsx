import type { DependencyView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { call } from "../api-call.ts";
import { APP_BASE, problemText } from "../api-client.ts";
import { OP } from "../operation-routes.ts";
import { useCan } from "../session.tsx";
import { Button } from "../ui/button.tsx";
import { namedDetail } from "./create-dependencies.ts";
import type { TreeSubject } from "./dependency-tree.ts";
import { ParentMonitorForm } from "./parent-monitor-form.tsx";

interface ParentDependenciesProps {
  child: TreeSubject;
  /** The dependencies whose child is `child`. */
  parents: readonly DependencyView[];
  /** The monitors that may still become a parent. */
  choices: readonly { id: string; name: string }[];
  /** Monitor names by id, for the list and for the server's refusals. */
  names: ReadonlyMap<string, string>;
  /** Prefixes the form's ids, as in `ParentMonitorForm`. */
  idPrefix: string;
  /** Said when there is no parent yet. */
  noneText: string;
  /** Said when Add dependency is pressed with nothing chosen. */
  missingText: string;
  /** Reads the dependencies again after a change. */
  onChanged(): Promise<void>;
}

/**
 * The monitors a monitor or an agent depends on, each with Remove, and the form that adds one.
 * A refusal from the server is shown with the monitors named.
 */
export function ParentDependencies({
  child,
  parents,
  choices,
  names,
  idPrefix,
  noneText,
  missingText,
  onChanged,
}: ParentDependenciesProps) {
  const mayManage = useCan()("monitors.manage");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const nameOf = (id: string) => names.get(id) ?? id;

  /** Sends one change, then reads the dependencies again; true once it was made. */
  async function change(request: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      await request();
      await onChanged();
      return true;
    } catch (error) {
      setProblem(namedDetail(problemText(error), (subject) => nameOf(subject.id)));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const childField = child.type === "agent" ? "child_agent_id" : "child_monitor_id";
  return (
    <>
      {parents.length ? (
        <ul className="dependency-list" aria-label="Depends on">
          {parents.map((edge) => (
            <li key={edge.id}>
              <Link to={`${APP_BASE}/monitors/${edge.parent_monitor_id}`}>
                {nameOf(edge.parent_monitor_id)}
              </Link>
              {mayManage ? (
                <Button
                  variant="ghost"
                  size="small"
                  disabled={busy}
                  onClick={() =>
                    void change(() => call(OP.deleteDependency, { params: { id: edge.id } }))
                  }
                  aria-label={`Remove the dependency on ${names.get(edge.parent_monitor_id) ?? "this monitor"}`}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{noneText}</p>
      )}
      {mayManage && choices.length ? (
        <ParentMonitorForm
          idPrefix={idPrefix}
          choices={choices}
          busy={busy}
          problem={problem}
          missingText={missingText}
          onProblem={setProblem}
          onAdd={(parentId) =>
            change(() =>
              call(OP.createDependency, {
                body: { [childField]: child.id, parent_monitor_id: parentId },
              }),
            )
          }
        />
      ) : problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
