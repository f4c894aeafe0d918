import type { DependencyView, MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { ParentDependencies } from "../dependencies/parent-dependencies.tsx";

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
  const names = new Map(monitors.map((item) => [item.id, item.name]));
  const parents = dependencies.filter((edge) => edge.child_monitor_id === monitor.id);
  // Agents that depend on this monitor are listed on their own pages.
  const children = dependencies.filter(
    (edge): edge is DependencyView & { child_monitor_id: string } =>
      edge.parent_monitor_id === monitor.id && edge.child_monitor_id !== null,
  );
  const choices = monitors.filter(
    (item) => item.id !== monitor.id && !parents.some((edge) => edge.parent_monitor_id === item.id),
  );

  return (
    <div className="dependencies">
      <p className="app-muted">
        While every monitor this one depends on is down, its alerts are held back, so one outage
        upstream does not page you for everything behind it. All of the account's dependencies are
        on the <Link to={`${APP_BASE}/alerts/dependencies`}>dependency map</Link>.
      </p>
      <ParentDependencies
        child={{ type: "monitor", id: monitor.id }}
        parents={parents}
        choices={choices}
        names={names}
        idPrefix="dependency"
        noneText="This monitor depends on no other monitor."
        missingText="Choose the monitor this one depends on."
        onChanged={onChange}
      />
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
