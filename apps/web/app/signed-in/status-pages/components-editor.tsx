import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ComponentCard } from "./component-card.tsx";
import { ComponentForm } from "./component-form.tsx";
import {
  type ComponentGroup,
  groupComponents,
  moveComponent,
  moveSection,
} from "./component-order.ts";
import { NewSectionForm, SectionHeader } from "./section-header.tsx";
import {
  type ComponentList,
  createStatusComponent,
  createStatusSection,
  deleteStatusComponent,
  deleteStatusSection,
  orderStatusComponents,
  renameStatusSection,
  updateStatusComponent,
} from "./status-pages-api.ts";
import { usePageChange } from "./use-page-change.ts";

type Deleting = { kind: "component" | "section"; id: string; name: string };

/** A page's sections and components: adding, changing, ordering and removing them. */
export function ComponentsEditor({ pageId, list }: { pageId: string; list: ComponentList }) {
  const { run, apply, busy } = usePageChange(pageId);
  const [deleting, setDeleting] = useState<Deleting>();
  const groups = groupComponents(list);
  const sections = groups.flatMap((group) => (group.section ? [group.section] : []));

  const reorder = (order: ReturnType<typeof moveComponent>, done: string) => {
    if (order) void run(() => orderStatusComponents(pageId, order), done);
  };
  const confirmDelete = async (target: Deleting) => {
    const removed = await run(
      () =>
        target.kind === "component"
          ? deleteStatusComponent(pageId, target.id)
          : deleteStatusSection(pageId, target.id),
      target.kind === "component"
        ? `${target.name} is removed from the page.`
        : `The section ${target.name} is removed; its components stay on the page.`,
    );
    if (removed) setDeleting(undefined);
  };

  const renderGroup = (group: ComponentGroup, index: number) => {
    const section = group.section;
    if (!section && group.components.length === 0) return null;
    return (
      <section
        key={section?.id ?? "none"}
        className="status-group"
        aria-label={section?.name ?? "Components without a section"}
      >
        {section ? (
          <SectionHeader
            section={section}
            busy={busy}
            isFirst={index === 1}
            isLast={index === groups.length - 1}
            onRename={(name) =>
              apply(
                () => renameStatusSection(pageId, section.id, name),
                `The section is now ${name}.`,
              )
            }
            onMove={(offset) =>
              reorder(moveSection(list, section.id, offset), `${section.name} is moved.`)
            }
            onDelete={() => setDeleting({ kind: "section", id: section.id, name: section.name })}
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
                busy={busy}
                headingLevel={section || sections.length > 0 ? 4 : 3}
                isFirst={position === 0}
                isLast={position === group.components.length - 1}
                onChange={(fields, done) =>
                  run(() => updateStatusComponent(pageId, component.id, fields), done)
                }
                onSave={(fields) =>
                  apply(
                    () => updateStatusComponent(pageId, component.id, fields),
                    `${fields.name ?? component.name} is saved.`,
                  )
                }
                onMove={(offset) =>
                  reorder(moveComponent(list, component.id, offset), `${component.name} is moved.`)
                }
                onDelete={() =>
                  setDeleting({ kind: "component", id: component.id, name: component.name })
                }
              />
            ))}
          </ul>
        )}
      </section>
    );
  };

  return (
    <>
      <section aria-labelledby="components-heading">
        <h2 id="components-heading">Components</h2>
        {list.data.length === 0 && sections.length === 0 ? (
          <EmptyState title="No components yet">
            <p>
              Components are the parts of your service your users rely on, such as Website, API or
              Payments. Add the first one below, and link it to the monitors that watch it.
            </p>
          </EmptyState>
        ) : (
          groups.map(renderGroup)
        )}
      </section>
      <section className="app-panel" aria-labelledby="new-component-heading">
        <h2 id="new-component-heading">Add a component</h2>
        <ComponentForm
          sections={sections}
          submitLabel="Add component"
          onSubmit={(fields) =>
            apply(() => createStatusComponent(pageId, fields), `${fields.name} is added.`)
          }
        />
      </section>
      <section className="app-panel" aria-labelledby="new-section-heading">
        <h2 id="new-section-heading">Add a section</h2>
        <p className="app-panel-lead">
          Sections group components under a heading, such as a region or a product.
        </p>
        <NewSectionForm
          onCreate={(name) =>
            apply(() => createStatusSection(pageId, name), `The section ${name} is added.`)
          }
        />
      </section>
      <ConfirmDialog
        open={deleting !== undefined}
        title={
          deleting?.kind === "section"
            ? `Delete the section ${deleting.name}?`
            : `Delete ${deleting?.name ?? ""}?`
        }
        confirmLabel={deleting?.kind === "section" ? "Delete section" : "Delete component"}
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(undefined)}
      >
        <p>
          {deleting?.kind === "section"
            ? "Its components stay on the page, outside any section."
            : "It disappears from the public page, with its uptime bars. Past incidents keep their text."}
        </p>
      </ConfirmDialog>
    </>
  );
}
