import { isSuppressedByParents } from "@upwatch/core";

/** A dependency with its parent monitor's name and current state. */
export interface ParentEdge {
  child: string;
  parent: string;
  name: string;
  state: string;
}

/** A parent monitor holding a child's notifications back. */
export interface HoldingParent {
  monitor_id: string;
  name: string;
}

/** The parents of each child (monitor or agent) whose parent monitors are all down. */
export function suppressedChildren(edges: readonly ParentEdge[]): Map<string, HoldingParent[]> {
  const parents = new Map<string, (HoldingParent & { down: boolean })[]>();
  for (const edge of edges) {
    parents.set(edge.child, [
      ...(parents.get(edge.child) ?? []),
      { monitor_id: edge.parent, name: edge.name, down: edge.state === "down" },
    ]);
  }
  const suppressed = new Map<string, HoldingParent[]>();
  for (const [child, list] of parents) {
    if (isSuppressedByParents(list.map((p) => p.down))) {
      suppressed.set(
        child,
        list
          .map(({ monitor_id, name }) => ({ monitor_id, name }))
          .sort((a, b) => a.name.localeCompare(b.name) || a.monitor_id.localeCompare(b.monitor_id)),
      );
    }
  }
  return suppressed;
}
