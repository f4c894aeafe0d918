import { describe, expect, it } from "vitest";
import { dependencyProblem, isSuppressedByParents } from "./dependency-rules.ts";

describe("alert dependencies", () => {
  it("suppress a child only while all of its parents are down", () => {
    expect(isSuppressedByParents([])).toBe(false);
    expect(isSuppressedByParents([true])).toBe(true);
    expect(isSuppressedByParents([true, true])).toBe(true);
    expect(isSuppressedByParents([true, false])).toBe(false);
  });

  it("refuse self-dependencies, duplicates and cycles of any length", () => {
    const edges = [
      { childId: "app", parentId: "db" },
      { childId: "db", parentId: "network" },
    ];
    expect(dependencyProblem(edges, { childId: "app", parentId: "app" })).toBe("self");
    expect(dependencyProblem(edges, { childId: "app", parentId: "db" })).toBe("duplicate");
    expect(dependencyProblem(edges, { childId: "db", parentId: "app" })).toBe("cycle");
    expect(dependencyProblem(edges, { childId: "network", parentId: "app" })).toBe("cycle");
    expect(dependencyProblem(edges, { childId: "app", parentId: "network" })).toBeNull();
  });
});
