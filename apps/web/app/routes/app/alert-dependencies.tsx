import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MonitorView } from "@upwatch/api";
import { useState } from "react";
import { Link } from "react-router";
import { stylesheet } from "../../lib/stylesheet.ts";
import { agentsQuery } from "../../signed-in/agents/agents-api.ts";
import { call } from "../../signed-in/api-call.ts";
import { problemText } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { dependenciesQuery, monitorsQuery, queryKeys } from "../../signed-in/cache/queries.ts";
import { AddDependencyForm } from "../../signed-in/dependencies/add-dependency-form.tsx";
import type { CreationOutcome } from "../../signed-in/dependencies/create-dependencies.ts";
import dependenciesCss from "../../signed-in/dependencies/dependencies.css?url";
import {
  buildDependencyTree,
  type DependencyTreeNode,
  type TreeSubject,
} from "../../signed-in/dependencies/dependency-tree.ts";
import { DependencyTreeView } from "../../signed-in/dependencies/dependency-tree-view.tsx";
import { SavedOutcome } from "../../signed-in/dependencies/saved-outcome.tsx";
import monitorsCss from "../../signed-in/monitors/monitors.css?url";
import { OP } from "../../signed-in/operation-routes.ts";
import { useCan } from "../../signed-in/session.tsx";
import { Button } from "../../signed-in/ui/button.tsx";
import { EmptyState } from "../../signed-in/ui/empty-state.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export const links = () => [stylesheet(monitorsCss), stylesheet(dependenciesCss)];

export function meta() {
  return appMeta("Alert dependencies");
}

/** Alerts > Dependencies: the dependency map, adding a child with its parents, removing one. */
export default function AlertDependencies() {
  const client = useQueryClient();
  const { showToast } = useToast();
  const mayManage = useCan()("monitors.manage");
  const dependencies = useQuery(dependenciesQuery());
  const monitors = useQuery(monitorsQuery());
  const agents = useQuery(agentsQuery());
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<{ child: TreeSubject; outcome: CreationOutcome } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const monitorList = monitors.data?.data ?? [];
  const agentList = agents.data?.data ?? [];
  // A parent is always a monitor; the child is another monitor or an agent.
  const canDepend = monitorList.length > 1 || (monitorList.length > 0 && agentList.length > 0);
  const monitorById = new Map<string, MonitorView>(monitorList.map((item) => [item.id, item]));
  const agentNames = new Map(agentList.map((item) => [item.id, item.name]));
  const nameOf = (subject: TreeSubject) =>
    (subject.type === "agent" ? agentNames.get(subject.id) : monitorById.get(subject.id)?.name) ??
    subject.id;
  const edges = dependencies.data?.data ?? [];
  const tree = buildDependencyTree(edges, nameOf);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.dependencies });

  async function onSaved(child: TreeSubject, outcome: CreationOutcome) {
    setSaved({ child, outcome });
    if (outcome.refused.length === 0) setAdding(false);
    await refresh();
  }

  async function remove(node: DependencyTreeNode, parentName: string) {
    const id = node.dependencyId;
    if (!id) return;
    setBusy(true);
    setProblem(null);
    try {
      await call(OP.deleteDependency, { params: { id } });
      await refresh();
      showToast(`${nameOf(node.subject)} no longer depends on ${parentName}.`);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  }

  const loadError = dependencies.error ?? monitors.error;
  return (
    <div className="app-page dependencies-page">
      <PageHeader
        title="Dependencies"
        description="While every parent of a monitor or agent is down, its alerts are recorded but not notified, so one outage upstream pages you once."
        actions={
          mayManage && !adding && canDepend ? (
            <Button
              onClick={() => {
                setAdding(true);
                setSaved(null);
              }}
            >
              Add dependency
            </Button>
          ) : null
        }
      />
      {saved ? <SavedOutcome {...saved} nameOf={nameOf} /> : null}
      {adding ? (
        <AddDependencyForm
          monitors={monitorList}
          agents={agentList}
          dependencies={edges}
          onSaved={onSaved}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {problem ? (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      ) : null}
      {loadError ? (
        <div className="notice notice-error" role="alert">
          <p>{problemText(loadError)}</p>
          <Button variant="ghost" onClick={() => void refresh()}>
            Try again
          </Button>
        </div>
      ) : dependencies.isPending || monitors.isPending ? (
        <p className="loading-line" role="status">
          Loading dependencies…
        </p>
      ) : tree.length === 0 ? (
        <EmptyState
          title="No dependencies yet"
          action={
            <Link to="/knowledge-base/alert-dependency-builder" className="button button-ghost">
              How dependencies work
            </Link>
          }
        >
          <p>
            Make the monitors behind a gateway or load balancer its children, and an outage of the
            gateway sends one alert instead of one per monitor.
            {canDepend
              ? ""
              : " A dependency needs a monitor as its parent and another monitor or an agent as its child."}
          </p>
        </EmptyState>
      ) : (
        <section className="app-panel" aria-labelledby="dependency-map-title">
          <h2 id="dependency-map-title">Dependency map</h2>
          <p className="app-panel-lead">
            Each parent with the monitors and agents that depend on it; a child with several parents
            shows under each of them.
          </p>
          <DependencyTreeView
            nodes={tree}
            monitors={monitorById}
            nameOf={nameOf}
            onRemove={mayManage ? (node, parentName) => void remove(node, parentName) : undefined}
            busy={busy}
          />
        </section>
      )}
    </div>
  );
}
