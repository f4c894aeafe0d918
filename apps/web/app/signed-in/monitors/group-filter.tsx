import type { Group } from "@upwatch/api";
import { useEffect, useRef } from "react";

/** What the closed filter says it shows. */
function chosenText(chosen: readonly string[], groups: readonly Group[]): string {
  const names = groups.filter((group) => chosen.includes(group.id)).map((group) => group.name);
  if (chosen.length === 0) return "Any group";
  if (names.length === 0) return "A group that no longer exists";
  return names.length <= 2 ? names.join(", ") : `${names.length} groups`;
}

/** Check boxes for one or more groups, in a panel that opens under the filter. */
export function GroupFilter({
  groups,
  chosen,
  onChange,
}: {
  groups: readonly Group[];
  /** Group ids; a monitor in any of them is shown. */
  chosen: readonly string[];
  onChange: (groupIds: string[]) => void;
}) {
  const panel = useRef<HTMLDetailsElement>(null);

  // Like a select, the panel closes on a click elsewhere or on Escape.
  useEffect(() => {
    const close = (event: Event) => {
      const details = panel.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((item) => item !== id));
  return (
    <div className="filter-select filter-groups">
      <span className="filter-label" aria-hidden="true">
        Groups
      </span>
      <details ref={panel} className="group-filter">
        <summary>
          <span className="visually-hidden">Groups: </span>
          {chosenText(chosen, groups)}
        </summary>
        <fieldset className="group-filter-panel">
          <legend className="visually-hidden">Show monitors in any of these groups</legend>
          {groups.length === 0 ? (
            <p className="app-muted">No groups yet.</p>
          ) : (
            groups.map((group) => (
              <label key={group.id} className="app-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(group.id)}
                  onChange={(event) => toggle(group.id, event.target.checked)}
                />
                <span>{group.name}</span>
              </label>
            ))
          )}
          {chosen.length > 0 ? (
            <button type="button" className="link-button" onClick={() => onChange([])}>
              Any group
            </button>
          ) : null}
        </fieldset>
      </details>
    </div>
  );
}
