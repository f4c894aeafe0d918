import type { DependencyView } from "@upwatch/api";
import { describe, expect, it } from "vitest";
import {
  buildDependencyTree,
  type DependencyTreeNode,
  type TreeSubject,
} from "./dependency-tree.ts";

let next = 0;
const monitorOn = (child: string, parent: string): DependencyView => ({
  id: `dep_${++next}`,
  child_monitor_id: child,
  child_agent_id: null,
  parent_monitor_id: parent,
  created_at: "2026-11-24T09:00:00.000Z",
});
const agentOn = (agent: string, parent: string): DependencyView => ({
  ...monitorOn("", parent),
  child_monitor_id: null,
  child_agent_id: agent,
});
const nameOf = (subject: TreeSubject) => subject.id;

/** The tree as indented lines: "name" plus "(also under …)" and "(repeated)" where they apply. */
function outline(nodes: readonly DependencyTreeNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${"  ".repeat(depth)}${node.subject.type === "agent" ? "agent " : ""}${node.subject.id}${
      node.otherParents.length ? ` (also under ${node.otherParents.join(", ")})` : ""
    }${node.repeated ? " (repeated)" : ""}`,
    ...outline(node.children, depth + 1),
  ]);
}

describe("the dependency tree", () => {
  it("puts parents that depend on nothing at the top, children under them by name", () => {
    const tree = buildDependencyTree(
      [monitorOn("wiki", "vpn"), monitorOn("files", "vpn"), monitorOn("printer", "router")],
      nameOf,
    );
    expect(outline(tree)).toEqual(["router", "  printer", "vpn", "  files", "  wiki"]);
    expect(tree[0]!.dependencyId).toBeNull();
    expect(tree[0]!.children[0]!.dependencyId).toMatch(/^dep_/);
  });

  it("nests chains: a site under its load balancer under the uplink", () => {
    const tree = buildDependencyTree(
      [monitorOn("site", "balancer"), monitorOn("balancer", "uplink")],
      nameOf,
    );
    expect(outline(tree)).toEqual(["uplink", "  balancer", "    site"]);
  });

  it("shows a child with several parents under each, marked with the others", () => {
    const tree = buildDependencyTree(
      [monitorOn("shop", "gateway"), monitorOn("shop", "backup"), monitorOn("api", "shop")],
      nameOf,
    );
    expect(outline(tree)).toEqual([
      "backup",
      "  shop (also under gateway)",
      "    api",
      "gateway",
      "  shop (also under backup)",
      "    api",
    ]);
    const keys = [tree[0]!.children[0]!.key, tree[1]!.children[0]!.key];
    expect(new Set(keys).size).toBe(2);
  });

  it("shows agents as children, never as parents", () => {
    const tree = buildDependencyTree([agentOn("office-nas", "router")], nameOf);
    expect(outline(tree)).toEqual(["router", "  agent office-nas"]);
  });

  it("draws a cycle once and stops instead of looping, losing no dependency", () => {
    const edges = [monitorOn("a", "b"), monitorOn("b", "c"), monitorOn("c", "a")];
    const tree = buildDependencyTree(edges, nameOf);
    expect(outline(tree)).toEqual(["b", "  a", "    c", "      b (repeated)"]);
    const ids = (nodes: readonly DependencyTreeNode[]): string[] =>
      nodes.flatMap((node) => [
        ...(node.dependencyId ? [node.dependencyId] : []),
        ...ids(node.children),
      ]);
    expect(new Set(ids(tree))).toEqual(new Set(edges.map((edge) => edge.id)));
  });

  it("is empty when there are no dependencies", () => {
    expect(buildDependencyTree([], nameOf)).toEqual([]);
  });
});
