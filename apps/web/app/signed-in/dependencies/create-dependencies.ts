import type { DependencyView } from "@upwatch/api";
import type { BodyOf } from "../api-call.ts";
import { errorDetail } from "../api-client.ts";
import type { TreeSubject } from "./dependency-tree.ts";

/** What became of asking for a child to depend on several parents, one dependency each. */
export interface CreationOutcome {
  /** The parents the child now depends on, by monitor id. */
  created: string[];
  /** The parents refused, each with the server's sentence saying why. */
  refused: { parentId: string; detail: string }[];
}

type Post = (body: BodyOf<"createDependency">) => Promise<DependencyView>;

/**
 * Creates one dependency per parent, in order, and goes on past a refusal (a cycle, say), so
 * the outcome says exactly which were made and which were not.
 */
export async function createDependencies(
  child: TreeSubject,
  parentIds: readonly string[],
  post: Post,
): Promise<CreationOutcome> {
  const outcome: CreationOutcome = { created: [], refused: [] };
  const childField = child.type === "agent" ? "child_agent_id" : "child_monitor_id";
  for (const parentId of parentIds) {
    try {
      await post({ [childField]: child.id, parent_monitor_id: parentId });
      outcome.created.push(parentId);
    } catch (error) {
      outcome.refused.push({ parentId, detail: errorDetail(error) });
    }
  }
  return outcome;
}

/** The server's sentence with the monitors' and agents' names where it gives their (base64url) ids. */
export function namedDetail(detail: string, nameOf: (subject: TreeSubject) => string): string {
  return detail.replace(/\b(mon|agt)_[A-Za-z0-9_-]+/g, (id, prefix: string) =>
    nameOf({ type: prefix === "agt" ? "agent" : "monitor", id }),
  );
}
