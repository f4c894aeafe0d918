import type { MonitorView } from "@upwatch/api";
import { Link } from "react-router";
import { APP_BASE } from "../api-client.ts";
import { statusOf } from "../monitors/monitor-filters.ts";
import { StatusBadge } from "../monitors/status-badge.tsx";
import type { DependencyTreeNode, TreeSubject } from "./dependency-tree.ts";

interface TreeViewProps {
  nodes: readonly DependencyTreeNode[];
  monitors: ReadonlyMap<string, MonitorView>;
  nameOf: (subject: TreeSubject) => string;
  /** Given to roles that may remove dependencies; left out, no Remove buttons show. */
  onRemove?: ((node: DependencyTreeNode, parentName: string) => void) | undefined;
  busy: boolean;
}

/** The dependency map: each parent with its children nested, as lists a screen reader follows. */
export function DependencyTreeView(props: TreeViewProps) {
  return (
    <ul className="dependency-tree" aria-label="Dependency map">
      {props.nodes.map((node) => (
        <TreeItem key={node.key} node={node} parentName="" {...props} />
      ))}
    </ul>
  );
}

function TreeItem({
  node,
  parentName,
  ...props
}: TreeViewProps & { node: DependencyTreeNode; parentName: string }) {
  const { monitors, nameOf, onRemove, busy } = props;
  const name = nameOf(node.subject);
  const monitor = node.subject.type === "monitor" ? monitors.get(node.subject.id) : undefined;
  const also = node.otherParents.map((id) => nameOf({ type: "monitor", id }));
  return (
    <li data-dependency-id={node.dependencyId ?? undefined}>
      <div className="dependency-node">
        {monitor ? <StatusBadge status={statusOf(monitor)} /> : null}
        <Link
          to={
            node.subject.type === "agent"
              ? `${APP_BASE}/agents/${node.subject.id}`
              : `${APP_BASE}/monitors/${node.subject.id}`
          }
          className="dependency-name"
        >
          {name}
        </Link>
        {node.subject.type === "agent" ? <span className="type-chip">Agent</span> : null}
        {also.length ? (
          <span className="dependency-also">also depends on {also.join(", ")}</span>
        ) : null}
        {node.repeated ? <span className="dependency-also">(already shown above)</span> : null}
        {onRemove && node.dependencyId ? (
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={busy}
            onClick={() => onRemove(node, parentName)}
            aria-label={`Remove the dependency of ${name} on ${parentName}`}
          >
            Remove
          </button>
        ) : null}
      </div>
      {node.children.length ? (
        <ul>
          {node.children.map((child) => (
            <TreeItem key={child.key} node={child} parentName={name} {...props} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
