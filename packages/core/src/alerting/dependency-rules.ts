/** One edge: the child's alerts depend on the parent's state. */
export interface DependencyEdge {
  childId: string;
  parentId: string;
}

/**
 * A child's notifications are held back only while it has parents and every one of them is
 * down; as soon as any parent is up (or its state is unknown) they go out again.
 */
export function isSuppressedByParents(parentsDown: readonly boolean[]): boolean {
  return parentsDown.length > 0 && parentsDown.every(Boolean);
}

export type DependencyProblem = "self" | "duplicate" | "cycle";

/** Why a new edge must be refused, or null when it is fine. */
export function dependencyProblem(
  edges: readonly DependencyEdge[],
  edge: DependencyEdge,
): DependencyProblem | null {
  if (edge.childId === edge.parentId) return "self";
  if (edges.some((e) => e.childId === edge.childId && e.parentId === edge.parentId))
    return "duplicate";
  return reaches(edges, edge.parentId, edge.childId) ? "cycle" : null;
}

/** True when `to` is `from` itself or one of its ancestors through the edges. */
function reaches(edges: readonly DependencyEdge[], from: string, to: string): boolean {
  const parentsOf = new Map<string, string[]>();
  for (const e of edges)
    parentsOf.set(e.childId, [...(parentsOf.get(e.childId) ?? []), e.parentId]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const current = stack.pop()!;
    if (current === to) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...(parentsOf.get(current) ?? []));
  }
  return false;
}
