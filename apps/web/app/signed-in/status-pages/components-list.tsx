import { EmptyState } from "../ui/empty-state.tsx";
import { groupComponents } from "./component-order.ts";
import { StateTag } from "./state-tag.tsx";
import type { ComponentList } from "./status-pages-api.ts";

/** A page's components by section with what visitors see, for people who cannot change them. */
export function ComponentsList({ list }: { list: ComponentList }) {
  const groups = groupComponents(list).filter((group) => group.components.length > 0);
  return (
    <section aria-labelledby="components-heading">
      <h2 id="components-heading">Components</h2>
      {groups.length === 0 ? (
        <EmptyState title="No components yet.">
          <p>Components added to this page will show here.</p>
        </EmptyState>
      ) : (
        groups.map((group) => (
          <div key={group.section?.id ?? "none"}>
            {group.section ? <h3>{group.section.name}</h3> : null}
            <ul className="status-component-list">
              {group.components.map((component) => (
                <li key={component.id} className="status-component" data-component={component.name}>
                  <div className="status-component-head">
                    <strong>{component.name}</strong>
                    <span>
                      <span className="visually-hidden">Visitors see </span>
                      <StateTag state={component.shown_state} />
                    </span>
                  </div>
                  {component.description ? <p>{component.description}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
