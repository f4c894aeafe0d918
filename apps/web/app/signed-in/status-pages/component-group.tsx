import { ComponentCard } from "./component-card.tsx";
import { type ComponentGroup, moveComponent, moveSection } from "./component-order.ts";
import { SectionHeader } from "./section-header.tsx";
import {
  type ComponentList,
  orderStatusComponents,
  renameStatusSection,
  type StatusSection,
  updateStatusComponent,
} from "./status-pages-api.ts";
import type { usePageChange } from "./use-page-change.ts";

/** Something about to be deleted, once the person confirms. */
export interface DeleteTarget {
  kind: "component" | "section";
  id: string;
  name: string;
}

interface ComponentGroupViewProps {
  pageId: string;
  list: ComponentList;
  group: ComponentGroup;
  sections: readonly StatusSection[];
  /** The group's place among the sections: the first and last cannot move further. */
  isFirst: boolean;
  isLast: boolean;
  change: ReturnType<typeof usePageChange>;
  onDelete(target: DeleteTarget): void;
}

/** A section (or the components outside every section) with its components' cards. */
export function ComponentGroupView(props: ComponentGroupViewProps) {
  const { pageId, list, group, sections, change } = props;
  const section = group.section;
  const reorder = (order: ReturnType<typeof moveComponent>, done: string) => {
    if (order) void change.run(() => orderStatusComponents(pageId, order), done);
  };
  return (
    <section className="status-group" aria-label={section?.name ?? "Components without a section"}>
      {section ? (
        <SectionHeader
          section={section}
          busy={change.busy}
          isFirst={props.isFirst}
          isLast={props.isLast}
          onRename={(name) =>
            change.apply(
              () => renameStatusSection(pageId, section.id, name),
              `The section is now ${name}.`,
            )
          }
          onMove={(offset) =>
            reorder(moveSection(list, section.id, offset), `${section.name} is moved.`)
          }
          onDelete={() => props.onDelete({ kind: "section", id: section.id, name: section.name })}
        />
      ) : sections.length > 0 ? (
        <div className="status-group-header">
          <h3>Without a section</h3>
        </div>
      ) : null}
      {group.components.length === 0 ? (
        <p className="app-muted">No components in this section yet.</p>
      ) : (
        <ul className="status-component-list">
          {group.components.map((component, position) => (
            <ComponentCard
              key={component.id}
              component={component}
              sections={sections}
              busy={change.busy}
              headingLevel={sections.length > 0 ? 4 : 3}
              isFirst={position === 0}
              isLast={position === group.components.length - 1}
              onChange={(fields, done) =>
                change.run(() => updateStatusComponent(pageId, component.id, fields), done)
              }
              onSave={(fields) =>
                change.apply(
                  () => updateStatusComponent(pageId, component.id, fields),
                  `${fields.name ?? component.name} is saved.`,
                )
              }
              onMove={(offset) =>
                reorder(moveComponent(list, component.id, offset), `${component.name} is moved.`)
              }
              onDelete={() =>
                props.onDelete({ kind: "component", id: component.id, name: component.name })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
