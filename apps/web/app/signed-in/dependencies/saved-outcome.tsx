import { type CreationOutcome, namedDetail } from "./create-dependencies.ts";
import type { TreeSubject } from "./dependency-tree.ts";

/** "A, B and C" */
export function listWords(names: readonly string[]): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What saving made and what it did not, naming each parent, so nobody has to guess. */
export function SavedOutcome({
  child,
  outcome,
  nameOf,
}: {
  child: TreeSubject;
  outcome: CreationOutcome;
  nameOf: (subject: TreeSubject) => string;
}) {
  const childName = nameOf(child);
  const parentName = (id: string) => nameOf({ type: "monitor", id });
  return (
    <div className="dependency-outcome">
      {outcome.created.length ? (
        <p className="notice" role="status">
          {childName} now depends on {listWords(outcome.created.map(parentName))}.
        </p>
      ) : null}
      {outcome.refused.length ? (
        <div className="notice notice-error" role="alert">
          <p>
            {outcome.refused.length === 1
              ? "One parent was"
              : `${outcome.refused.length} parents were`}{" "}
            not added, so {childName} does not depend on{" "}
            {outcome.refused.length === 1 ? "it" : "them"}:
          </p>
          <ul>
            {outcome.refused.map((refusal) => (
              <li key={refusal.parentId}>
                <strong>{parentName(refusal.parentId)}</strong>:{" "}
                {namedDetail(refusal.detail, nameOf)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
