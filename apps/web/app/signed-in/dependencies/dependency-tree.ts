import type { DependencyView } from "@upwatch/api";

/** What a dependency's child or parent is: a monitor, or (only as a child) an agent. */
export interface TreeSubject {
  type: "monitor" | "agent";
  id: string;
}

/** One place in the dependency tree: a monitor or agent under the parent it relies on. */
export interface DependencyTreeNode {
  /** Unique within the tree: the same child shows once under each of its parents. */
  key: string;
  subject: TreeSubject;
  /** The dependency that puts this node under its parent; null for a top-level parent. */
  dependencyId: string | null;
  /** The child's other parents, by monitor id: it appears under each of them too. */
  otherParents: string[];
  children: DependencyTreeNode[];
  /** Already on the path above: a cycle, which the server refuses; drawn once, not followed. */
  repeated: boolean;
}

const childOf = (edge: DependencyView): TreeSubject =>
  edge.child_agent_id !== null
    ? { type: "agent", id: edge.child_agent_id }
    : { type: "monitor", id: edge.child_monitor_id ?? "" };

const subjectKey = (subject: TreeSubject) => `${subject.type}:${subject.id}`;

/**
 * The dependencies as a tree: parents that depend on nothing at the top, each with its children,
 * chains nested, a child with several parents under each of them. `nameOf` orders siblings.
 */
export function buildDependencyTree(
  edges: readonly DependencyView[],
  nameOf: (subject: TreeSubject) => string,
): DependencyTreeNode[] {
  const byParent = new Map<string, DependencyView[]>();
  const parentsOf = new Map<string, string[]>();
  for (const edge of edges) {
    byParent.set(edge.parent_monitor_id, [...(byParent.get(edge.parent_monitor_id) ?? []), edge]);
    const child = subjectKey(childOf(edge));
    parentsOf.set(child, [...(parentsOf.get(child) ?? []), edge.parent_monitor_id]);
  }
  const byName = (a: TreeSubject, b: TreeSubject) =>
    nameOf(a).localeCompare(nameOf(b)) || a.id.localeCompare(b.id);
  const placed = new Set<string>();

  function grow(parentId: string, path: ReadonlySet<string>, prefix: string): DependencyTreeNode[] {
    const below = [...(byParent.get(parentId) ?? [])].sort((a, b) =>
      byName(childOf(a), childOf(b)),
    );
    return below.map((edge) => {
      placed.add(edge.id);
      const subject = childOf(edge);
      const key = `${prefix}/${edge.id}`;
      const repeated = subject.type === "monitor" && path.has(subject.id);
      return {
        key,
        subject,
        dependencyId: edge.id,
        otherParents: (parentsOf.get(subjectKey(subject)) ?? []).filter((id) => id !== parentId),
        children:
          repeated || subject.type === "agent"
            ? []
            : grow(subject.id, new Set([...path, subject.id]), key),
        repeated,
      };
    });
  }

  const root = (id: string): DependencyTreeNode => ({
    key: `monitor:${id}`,
    subject: { type: "monitor", id },
    dependencyId: null,
    otherParents: [],
    children: grow(id, new Set([id]), `monitor:${id}`),
    repeated: false,
  });

  const tops = [...byParent.keys()]
    .filter((id) => !parentsOf.has(subjectKey({ type: "monitor", id })))
    .map((id): TreeSubject => ({ type: "monitor", id }))
    .sort(byName);
  const tree = tops.map((subject) => root(subject.id));
  // Monitors that only depend on each other have no top; start from one so none is lost.
  for (const edge of [...edges].sort((a, b) => a.id.localeCompare(b.id))) {
    if (!placed.has(edge.id)) tree.push(root(edge.parent_monitor_id));
  }
  return tree;
}
